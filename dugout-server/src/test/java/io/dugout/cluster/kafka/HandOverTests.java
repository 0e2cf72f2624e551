package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.ServerProcess;
import io.dugout.Waits;
import io.dugout.api.DugoutClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How long a node's rooms take no sends after it is killed with SIGKILL, on a broker with Kafka's
 * default group settings (a process of its own) and nodes that are processes of their own: the
 * other node takes them within the session timeout ({@code dugout.cluster.kafka.session-timeout}),
 * and a node restarted under the same name takes its own partitions back as soon as it is up,
 * without waiting for its dead member's session to end. Each test prints what it measured.
 */
class HandOverTests {

  @TempDir static Path dir;

  private static KafkaProcess kafka;

  @BeforeAll
  static void startKafka() {
    // why: Kafka's own group settings, as an operator's broker has them (the consumer protocol's
    // group.consumer.session.timeout.ms of 45 s among them)
    kafka = KafkaProcess.start(dir.resolve("kafka"), Map.of());
  }

  @AfterAll
  static void stopKafka() {
    kafka.close();
  }

  @Test
  void aKilledNodesRoomsTakeSendsOnTheOtherNodeWithinSeconds() throws Exception {
    try (var cluster = new TestCluster().withKafka(kafka.bootstrap());
        var groups = new GroupView(kafka.bootstrap(), cluster.group())) {
      Path data = cluster.sharedDataDir(dir.resolve("killed"));
      var env = cluster.processEnvironment();
      try (var doomed = ServerProcess.start(data, env, node("doomed"));
          var survivor = ServerProcess.start(data, env, node("survivor"))) {
        var client = DugoutClient.onPort(survivor.port());
        groups.awaitSequencing("doomed", "survivor");
        var ledger = new RoomLedger(groups.roomSequencedBy("doomed", client));
        String token = client.token("alice");
        ledger.acknowledged("before", sendUntilAcknowledged(ledger, client, token, "before"));

        long killed = System.nanoTime();
        assertThat(doomed.kill()).as("killed by SIGKILL").isEqualTo(128 + 9);
        ledger.acknowledged("after", sendUntilAcknowledged(ledger, client, token, "after"));
        var handOver = Duration.ofNanos(System.nanoTime() - killed);

        System.out.printf(
            "HandOverTests: the killed node's room took a send again %d ms after the kill%n",
            handOver.toMillis());
        assertThat(groups.owned("survivor")).contains(TestCluster.partitionOf(ledger.room()));
        // why: the session timeout is 10 s; the consumer protocol on this broker took 45 s
        assertThat(handOver).isLessThan(Duration.ofSeconds(20));
        ledger.assertHistoryKeepsEveryAcknowledgedSendOnce(client, token);
      }
    }
  }

  @Test
  void aNodeRestartedRightAfterAKillTakesItsOwnPartitionsBackAtOnce() throws Exception {
    // why: a session longer than the restart, so that only the restarted node itself can have
    // sequenced its rooms again within the bound below
    String session = "--dugout.cluster.kafka.session-timeout=45s";
    try (var cluster = new TestCluster().withKafka(kafka.bootstrap());
        var groups = new GroupView(kafka.bootstrap(), cluster.group())) {
      Path data = cluster.sharedDataDir(dir.resolve("restarted"));
      var env = cluster.processEnvironment();
      try (var restarted = ServerProcess.start(data, env, node("restarted"), session);
          var other = ServerProcess.start(data, env, node("other"), session)) {
        var client = DugoutClient.onPort(other.port());
        groups.awaitSequencing("restarted", "other");
        var ledger = new RoomLedger(groups.roomSequencedBy("restarted", client));
        String token = client.token("alice");
        ledger.acknowledged("before", sendUntilAcknowledged(ledger, client, token, "before"));
        var before = groups.members("restarted");
        assertThat(before).hasSize(1);
        Set<Integer> partitions = before.values().iterator().next();

        long killed = System.nanoTime();
        assertThat(restarted.kill()).as("killed by SIGKILL").isEqualTo(128 + 9);
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
          var back =
              pool.submit(
                  () -> {
                    Waits.until(
                        () ->
                            groups.members("restarted").entrySet().stream()
                                .anyMatch(
                                    m ->
                                        !before.containsKey(m.getKey())
                                            && m.getValue().equals(partitions)),
                        Duration.ofSeconds(90),
                        "the restarted node's new member owning " + partitions);
                    return Duration.ofNanos(System.nanoTime() - killed);
                  });
          restarted.restart(node("restarted"), session);
          var up = Duration.ofNanos(System.nanoTime() - killed);
          ledger.acknowledged("after", sendUntilAcknowledged(ledger, client, token, "after"));
          var sending = Duration.ofNanos(System.nanoTime() - killed);
          var owning = back.get(90, TimeUnit.SECONDS);

          System.out.printf(
              "HandOverTests: after the kill, the restarted node was up at %d ms, owned its"
                  + " partitions again at %d ms, and its room took a send at %d ms%n",
              up.toMillis(), owning.toMillis(), sending.toMillis());
          assertThat(groups.members("restarted"))
              .as("the dead member replaced, not waited for")
              .hasSize(1)
              .doesNotContainKeys(before.keySet().toArray(String[]::new));
          assertThat(owning).isLessThan(up.plusSeconds(10));
          assertThat(sending).isLessThan(Duration.ofSeconds(35));
        }
        ledger.assertHistoryKeepsEveryAcknowledgedSendOnce(client, token);
      }
    }
  }

  private static String node(String id) {
    return "--dugout.cluster.node-id=" + id;
  }

  /**
   * Sends until acknowledged, resending the same clientMsgId after {@code unavailable} as a client
   * would; gives up after 90 s.
   */
  private static io.dugout.api.ApiResponse sendUntilAcknowledged(
      RoomLedger ledger, DugoutClient client, String token, String id) {
    long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
    while (System.nanoTime() < deadline) {
      var response = ledger.post(client, token, id);
      if (response.status() == 200 || response.status() == 201) {
        return response;
      }
      assertThat(response.status()).as(response.toString()).isEqualTo(503);
      Waits.sleep(Duration.ofMillis(100));
    }
    throw new AssertionError(id + " not acknowledged within 90 s");
  }
}
