package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import io.dugout.CapturedLog;
import io.dugout.Waits;
import io.dugout.cluster.TcpProxy;
import io.dugout.store.mongo.InJvmMongo;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node's members of the sequencing and the notification groups stop within their bound (the
 * consumer thread within {@link OrderedConsumer#STOP_BOUND}, the producer's close 5 s more) while a
 * backend is away: the broker killed, or MongoDB unreachable while a notification is being stored.
 */
class NodeStopTests {

  /** The consumer thread's bound and the producer's close, with room for a busy machine. */
  private static final Duration STOP = OrderedConsumer.STOP_BOUND.plusSeconds(5);

  @TempDir Path dir;

  @Test
  void stopsWithinItsBoundWhileTheBrokerIsAway() {
    try (var kafka = KafkaProcess.start(dir.resolve("kafka"), Map.of());
        var cluster = new TestCluster().withKafka(kafka.bootstrap())) {
      var node = cluster.start();
      cluster.awaitBalanced();
      cluster.awaitNotificationsBalanced();
      kafka.kill();
      // why: long enough for the clients to find the broker gone, as in an outage
      Waits.sleep(Duration.ofSeconds(3));

      try (var log = CapturedLog.all()) {
        assertStopsWithinBound(node.context().getBean(NotificationNode.class), log);
        assertStopsWithinBound(node.context().getBean(ClusterNode.class), log);
      }
    }
  }

  @Test
  void stopsWithinItsBoundWhileAStoreWriteWaitsForMongoDb() throws Exception {
    int mongoPort = URI.create(InJvmMongo.shared().uri()).getPort();
    // why: the driver's default server selection timeout (30 s), as a production URI has it
    try (var proxy = TcpProxy.to("127.0.0.1", mongoPort);
        var cluster = new TestCluster().withMongo("mongodb://127.0.0.1:" + proxy.port(), "")) {
      var node = cluster.start();
      cluster.awaitBalanced();
      cluster.awaitNotificationsBalanced();
      String service = node.client().serviceToken("shop");
      proxy.cut();
      try (var pool = Executors.newVirtualThreadPerTaskExecutor();
          var log = CapturedLog.all()) {
        var sent =
            pool.submit(
                () ->
                    node.client()
                        .postJson(
                            service,
                            "/api/v1/notifications",
                            Map.of(
                                "userIds",
                                List.of("alice"),
                                "kind",
                                "trade.offer",
                                "title",
                                "New offer",
                                "body",
                                "12 EUR for your bat")));
        // why: the record reaches the owner at once; its store write then waits for MongoDB
        Waits.sleep(Duration.ofSeconds(2));
        assertThat(sent.isDone()).as("the send waits for its notification to be stored").isFalse();

        assertStopsWithinBound(node.context().getBean(NotificationNode.class), log);
        var answer = sent.get();
        assertThat(answer.status()).as(answer.toString()).isEqualTo(503);
      } finally {
        proxy.restore();
      }
    }
  }

  private static void assertStopsWithinBound(GroupMember member, CapturedLog log) {
    long start = System.nanoTime();
    member.stop();
    var took = Duration.ofNanos(System.nanoTime() - start);
    System.out.printf("NodeStopTests: %s stopped in %d ms%n", member, took.toMillis());

    assertThat(took).isLessThan(STOP);
    assertThat(member.isRunning()).isFalse();
    assertThat(log.matching(l -> l.level() == Level.WARN && l.message().contains("did not stop")))
        .isEmpty();
    assertThat(Thread.getAllStackTraces().keySet())
        .as("the consumer threads of the only node in this test")
        .noneMatch(t -> t.getName().equals(threadOf(member)));
  }

  private static String threadOf(GroupMember member) {
    return member instanceof ClusterNode ? "dugout-partition-owner" : "dugout-notification-owner";
  }
}
