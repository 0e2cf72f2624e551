package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import io.dugout.CapturedLog;
import io.dugout.Waits;
import io.dugout.system.BackendOutage;
import io.micrometer.core.instrument.MeterRegistry;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The broker (a process of its own) killed with SIGKILL for 20 s under a node that keeps taking
 * sends: after the first seconds, while its membership is fresh and it still writes its own sends
 * to its rooms (each one stored), every send is refused; every Kafka client of the node waits
 * between its reconnect attempts instead of looping, so the outage costs a fraction of a core and a
 * bounded number of passes; the node logs the outage once when it begins (WARN) and once when it
 * ends (INFO), whatever fails in between, and its meters count it and show it; once the broker is
 * back, the node sequences every partition again by itself.
 */
class KafkaOutageTests {

  private static final Duration OUTAGE = Duration.ofSeconds(20);

  /**
   * How long after the kill the node may still write its own sends to its rooms: until its last
   * heartbeat is a third of the 10 s session old (whole seconds), one heartbeat interval earlier at
   * worst, and a second of margin (ADR 0017).
   */
  private static final Duration STILL_OWNED = Duration.ofSeconds(5);

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
          "kafka-admin-client-thread",
          "dugout-kafka-probe");

  @TempDir Path dir;

  @Test
  void whileTheBrokerIsAwayANodeBacksOffAndReportsTheOutageOnce() throws Exception {
    try (var kafka = KafkaProcess.start(dir.resolve("kafka"), Map.of());
        var cluster = new TestCluster().withKafka(kafka.bootstrap())) {
      var node =
          cluster.start(
              // why: each pass of a client's reconnect loop rebootstraps its metadata, one INFO
              // line; off by default, counted here
              "--logging.level.org.apache.kafka.clients.Metadata=info",
              "--dugout.cluster.append-timeout=1s");
      cluster.awaitBalanced();
      var meters = node.context().getBean(MeterRegistry.class);
      String alice = node.client().token("alice");
      var room =
          node.client()
              .postJson(
                  alice,
                  "/api/v1/rooms",
                  Map.of("type", "GROUP", "title", "t", "memberIds", List.of("bob")));
      var ledger = new RoomLedger(room.text("id"));
      assertThat(ledger.post(node.client(), alice, "before").status()).isEqualTo(201);

      try (var log = CapturedLog.all();
          var pool = Executors.newVirtualThreadPerTaskExecutor()) {
        long cpuBefore = clientCpuNanos();
        kafka.kill();
        var refused = new AtomicInteger();
        var stored = new AtomicInteger();
        long killed = System.nanoTime();
        var sending =
            pool.submit(
                () -> {
                  long end = killed + OUTAGE.toNanos();
                  for (int i = 0; i < 100 && System.nanoTime() < end; i++) {
                    long started = System.nanoTime();
                    var response = ledger.post(node.client(), alice, "during-" + i);
                    if (response.status() == 201 && started - killed < STILL_OWNED.toNanos()) {
                      ledger.acknowledged("during-" + i, response);
                      stored.incrementAndGet();
                    } else {
                      assertThat(response.status()).as(response.toString()).isEqualTo(503);
                      refused.incrementAndGet();
                    }
                    Waits.sleep(Duration.ofMillis(200));
                  }
                  return null;
                });
        Waits.sleep(OUTAGE);
        sending.get();
        var cpu = Duration.ofNanos(clientCpuNanos() - cpuBefore);
        int passes = log.matching(l -> l.message().contains("Rebootstrapping with")).size();
        // why: a Redis connection opened meanwhile (the first room counts of a send stored in the
        // first seconds) logs Lettuce's choice of transport when this test JVM loaded Lettuce
        // before LettuceTransport set its switch; a node's own JVM never does, and it says nothing
        // about Kafka
        var problems =
            log.matching(
                l ->
                    l.level().isGreaterOrEqual(Level.WARN)
                        && !l.logger().equals("io.lettuce.core.resource.Transports")
                        && !l.message().contains("IoUringChannelOption"));

        System.out.printf(
            "KafkaOutageTests: over a %d s outage (%d sends refused, %d stored first by the node"
                + " that still owned the room) the node's Kafka clients rebootstrapped %d times and"
                + " used %d ms of CPU; WARN and above: %s%n",
            OUTAGE.toSeconds(), refused.get(), stored.get(), passes, cpu.toMillis(), problems);
        // why: Kafka 4.2.1's client for the consumer protocol looped without waiting: about
        // 42,000 rebootstraps and 8 s of CPU over 20 s on this machine
        assertThat(passes).as("rebootstraps over %s", OUTAGE).isLessThan(1_000);
        assertThat(cpu).as("CPU of the node's Kafka clients").isLessThan(Duration.ofSeconds(2));
        assertThat(refused.get()).as("sends refused meanwhile").isPositive();
        assertThat(problems)
            .filteredOn(line -> line.logger().equals(BackendOutage.class.getName()))
            .as("one line when the outage began, not one per attempt or refused send")
            .singleElement()
            .satisfies(
                line -> assertThat(line.message()).contains("Kafka at " + kafka.bootstrap()));
        // why: Kafka's producer warns about each request the kill cut off in flight (here at most
        // one: a chat notification), not per attempt; the per-attempt lines are below WARN or off
        assertThat(problems).as("WARN and above over %s", OUTAGE).hasSizeLessThanOrEqualTo(5);
        assertThat(gauge(meters, "dugout.backend.down")).isEqualTo(1);
        assertThat(counter(meters, "dugout.backend.outages")).isEqualTo(1);

        kafka.startAgain();
        Waits.until(
            () ->
                node.owned().size() == TestCluster.PARTITIONS
                    && node.ownedNotifications().size() == TestCluster.PARTITIONS,
            Duration.ofSeconds(60),
            "the node sequencing every partition again");
        Waits.until(
            () -> gauge(meters, "dugout.backend.down") == 0,
            Duration.ofSeconds(30),
            "the outage over");
        assertThat(log.matching(l -> l.logger().equals(BackendOutage.class.getName())))
            .as("one line when it began, one when it ended")
            .hasSize(2)
            .last()
            .satisfies(
                line -> {
                  assertThat(line.level()).isEqualTo(Level.INFO);
                  assertThat(line.message()).contains("Kafka at " + kafka.bootstrap());
                });
        assertThat(counter(meters, "dugout.backend.outages")).isEqualTo(1);
        ledger.assertHistoryKeepsEveryAcknowledgedSendOnce(node.client(), alice);
      }
    }
  }

  private static double gauge(MeterRegistry meters, String name) {
    return meters.get(name).tag("backend", "kafka").gauge().value();
  }

  private static double counter(MeterRegistry meters, String name) {
    return meters.get(name).tag("backend", "kafka").functionCounter().count();
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
