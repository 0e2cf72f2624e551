package io.dugout.cluster.kafka;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Kafka's part of {@code /actuator/health} in cluster mode: UP while the cluster answers a describe
 * within a second, with how many partitions this node sequences. DOWN means sends get {@code
 * unavailable}; reads and live delivery of what is stored go on, so it is not in the readiness
 * group.
 */
final class KafkaHealth implements HealthIndicator, AutoCloseable {

  private static final Duration TIMEOUT = Duration.ofSeconds(1);

  private final Admin admin;
  private final ClusterNode node;

  KafkaHealth(Admin admin, ClusterNode node) {
    this.admin = admin;
    this.node = node;
  }

  @Override
  public Health health() {
    try {
      int brokers =
          admin.describeCluster().nodes().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).size();
      return Health.up()
          .withDetail("brokers", brokers)
          .withDetail("partitions", node.partitions())
          .build();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Health.down().withDetail("reason", "interrupted").build();
    } catch (ExecutionException | TimeoutException e) {
      return Health.down().withDetail("reason", e.getClass().getSimpleName()).build();
    }
  }

  @Override
  public void close() {
    admin.close(TIMEOUT);
  }
}
