package io.dugout.cluster.kafka;

import io.dugout.system.BackendOutage;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Whether Kafka answers, as this node sees it: every {@link #INTERVAL} it asks the cluster to
 * describe itself, waiting at most {@link #TIMEOUT}, and tells the node's Kafka {@link
 * BackendOutage} how that went. So an outage is one WARN line when it begins and one INFO line when
 * it ends, however long it lasts, and {@code dugout.backend.outages} / {@code dugout.backend.down}
 * with {@code backend=kafka} count and show it.
 *
 * <p>Kafka's part of {@code /actuator/health} in cluster mode: UP while the last describe answered,
 * with the brokers it named and how many partitions this node sequences; DOWN while an outage is
 * under way. DOWN means sends get {@code unavailable}; reads and live delivery of what is stored go
 * on, so it is not in the readiness group. A health request never waits for Kafka.
 */
final class KafkaHealth implements HealthIndicator, AutoCloseable {

  static final Duration INTERVAL = Duration.ofSeconds(1);
  static final Duration TIMEOUT = Duration.ofSeconds(2);

  private final Admin admin;
  private final BackendOutage outage;
  private final ClusterNode node;
  private final ScheduledExecutorService probes;
  private volatile int brokers;
  private volatile String reason = "not asked yet";

  /**
   * Starts probing at once.
   *
   * @param bootstrap the brokers, for the log lines
   */
  KafkaHealth(Admin admin, String bootstrap, ClusterNode node) {
    this.admin = admin;
    this.node = node;
    this.outage =
        new BackendOutage(
            "kafka",
            "Kafka at " + bootstrap,
            "sends get 'unavailable'; history and live delivery of stored messages go on",
            INTERVAL,
            INTERVAL);
    this.probes =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("dugout-kafka-probe").daemon().factory());
    probes.scheduleWithFixedDelay(this::probe, 0, INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** The node's Kafka outages, for their meters. */
  BackendOutage outage() {
    return outage;
  }

  @Override
  public Health health() {
    if (outage.down()) {
      return Health.down().withDetail("reason", reason).build();
    }
    return Health.up()
        .withDetail("brokers", brokers)
        .withDetail("partitions", node.partitions())
        .build();
  }

  private void probe() {
    try {
      brokers =
          admin.describeCluster().nodes().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).size();
      outage.succeeded();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // why: close() ends the probes
    } catch (ExecutionException e) {
      failed(e.getCause());
    } catch (TimeoutException | RuntimeException e) {
      failed(e);
    }
  }

  private void failed(Throwable cause) {
    reason = cause.getClass().getSimpleName();
    outage.failed(cause);
  }

  /** Ends the probes, then closes the admin client within a second. */
  @Override
  public void close() {
    probes.shutdownNow();
    admin.close(Duration.ofSeconds(1));
  }
}
