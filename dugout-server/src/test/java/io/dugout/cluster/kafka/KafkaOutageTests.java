package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The broker (a process of its own) killed with SIGKILL for 20 s under a node: every Kafka client
 * of the node waits between its reconnect attempts instead of looping, so the outage costs a
 * fraction of a core and a bounded number of passes; once the broker is back, the node sequences
 * every partition again by itself.
 */
class KafkaOutageTests {

  private static final Duration OUTAGE = Duration.ofSeconds(20);

  /**
   * The node's Kafka client threads: its two polling threads and the clients' own (the last one of
   * the consumer protocol's client).
   */
  private static final List<String> CLIENT_THREADS =
      List.of(
          "dugout-partition-owner",
          "dugout-notification-owner",
          "kafka-coordinator-heartbeat-thread",
          "consumer_background_thread",
          "kafka-producer-network-thread",
          "kafka-admin-client-thread");

  @TempDir Path dir;

  @Test
  void everyKafkaClientOfANodeBacksOffWhileTheBrokerIsAway() {
    try (var kafka = KafkaProcess.start(dir.resolve("kafka"), Map.of());
        var cluster = new TestCluster().withKafka(kafka.bootstrap())) {
      // why: each pass of a client's reconnect loop rebootstraps its metadata, one INFO line
      var node = cluster.start("--logging.level.org.apache.kafka.clients.Metadata=info");
      cluster.awaitBalanced();
      try (var log = LogLines.capture()) {
        long cpuBefore = clientCpuNanos();
        kafka.kill();
        Waits.sleep(OUTAGE);
        var cpu = Duration.ofNanos(clientCpuNanos() - cpuBefore);
        int passes = log.matching(l -> l.message().contains("Rebootstrapping with")).size();

        System.out.printf(
            "KafkaOutageTests: over a %d s outage the node's Kafka clients rebootstrapped %d times"
                + " and used %d ms of CPU%n",
            OUTAGE.toSeconds(), passes, cpu.toMillis());
        // why: Kafka 4.2.1's client for the consumer protocol looped without waiting: about
        // 42,000 rebootstraps and 8 s of CPU over 20 s on this machine
        assertThat(passes).as("rebootstraps over %s", OUTAGE).isLessThan(1_000);
        assertThat(cpu).as("CPU of the node's Kafka clients").isLessThan(Duration.ofSeconds(2));
      }
      kafka.startAgain();
      Waits.until(
          () ->
              node.owned().size() == TestCluster.PARTITIONS
                  && node.ownedNotifications().size() == TestCluster.PARTITIONS,
          Duration.ofSeconds(60),
          "the node sequencing every partition again");
    }
  }

  /** CPU time so far of the threads of {@link #CLIENT_THREADS} that are alive now. */
  private static long clientCpuNanos() {
    var threads = ManagementFactory.getThreadMXBean();
    long sum = 0;
    for (var thread : Thread.getAllStackTraces().keySet()) {
      if (CLIENT_THREADS.stream().anyMatch(thread.getName()::startsWith)) {
        sum += Math.max(0, threads.getThreadCpuTime(thread.threadId()));
      }
    }
    return sum;
  }
}
