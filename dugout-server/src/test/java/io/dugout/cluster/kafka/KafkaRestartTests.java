package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.realtime.StompTestClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Kafka broker (a process of its own) killed with SIGKILL and started again while clients send
 * to both nodes: every send either succeeds or fails with {@code unavailable} — never a success for
 * a message that is not stored; every acknowledged message is in history once at its seq; sends
 * that failed are acknowledged when resent with their clientMsgId, without a duplicate; and a
 * subscriber gets the room's whole seq order once Kafka is back.
 */
class KafkaRestartTests {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final int SENDERS = 4;

  @TempDir Path dir;

  @Test
  void sendsFailCleanlyOrSucceedWhileKafkaRestartsAndNothingAcknowledgedIsLost() throws Exception {
    try (var kafka = KafkaProcess.start(dir.resolve("kafka"), Map.of());
        var cluster = new TestCluster().withKafka(kafka.bootstrap())) {
      var a = cluster.start("--dugout.cluster.append-timeout=2s");
      var b = cluster.start("--dugout.cluster.append-timeout=2s");
      cluster.awaitBalanced();
      String alice = a.client().token("alice");
      var room =
          a.client()
              .postJson(
                  alice,
                  "/api/v1/rooms",
                  Map.of("type", "GROUP", "title", "t", "memberIds", List.of("bob", "carol")));
      assertThat(room.status()).as(room.toString()).isEqualTo(201);
      var ledger = new RoomLedger(room.text("id"));
      try (var carol = StompTestClient.connect(b.port(), b.client().token("carol"))) {
        carol.subscribeAndWait("r", "/topic/rooms." + ledger.room());

        var failed = new ConcurrentHashMap<String, Boolean>(); // clientMsgId -> sent by alice on A
        var stop = new AtomicBoolean();
        var senders = new ArrayList<Future<?>>();
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
          for (int s = 0; s < SENDERS; s++) {
            var node = s % 2 == 0 ? a : b;
            String token = node.client().token(s % 2 == 0 ? "alice" : "bob");
            String prefix = "s" + s + "-";
            boolean onA = node == a;
            senders.add(
                pool.submit(
                    () -> {
                      for (int i = 0; i < 10_000 && !stop.get(); i++) {
                        String id = prefix + i;
                        var response = ledger.post(node.client(), token, id);
                        if (response.status() == 503) {
                          assertThat(response.text("code")).isEqualTo("unavailable");
                          failed.put(id, onA);
                          Waits.sleep(Duration.ofMillis(100));
                        } else {
                          ledger.acknowledged(id, response);
                        }
                      }
                      return null;
                    }));
          }
          Waits.until(() -> ledger.size() >= 20, Duration.ofSeconds(60), "sends before");
          kafka.kill();
          Waits.until(() -> failed.size() >= SENDERS, Duration.ofSeconds(60), "failed sends");
          kafka.startAgain();
          int before = ledger.size();
          Waits.until(
              () -> ledger.size() >= before + 20,
              Duration.ofSeconds(120),
              "sends acknowledged after Kafka is back");
          stop.set(true);
          for (var sender : senders) {
            sender.get(60, TimeUnit.SECONDS);
          }
        }

        // what failed is resent with its clientMsgId: stored once, whenever it was stored
        for (var entry : failed.entrySet()) {
          var node = entry.getValue() ? a : b;
          String token = node.client().token(entry.getValue() ? "alice" : "bob");
          ledger.acknowledged(entry.getKey(), resend(ledger, node, token, entry.getKey()));
        }
        var history = ledger.assertHistoryKeepsEveryAcknowledgedSendOnce(a.client(), alice);
        assertThat(history).hasSize(ledger.size());

        // the subscriber on the other node gets the whole order, whatever was lost meanwhile
        var seqs = new ArrayList<Long>();
        for (int i = 0; i < history.size(); i++) {
          var frame =
              carol.await(
                  f -> f.command().equals("MESSAGE") && f.body().contains("\"type\":\"message\""),
                  Duration.ofSeconds(30));
          seqs.add(JSON.readTree(frame.body()).get("seq").asLong());
        }
        assertThat(seqs).isEqualTo(LongStream.rangeClosed(1, history.size()).boxed().toList());
      }
    }
  }

  private static io.dugout.api.ApiResponse resend(
      RoomLedger ledger, TestCluster.Node node, String token, String id) {
    for (int attempt = 0; attempt < 30; attempt++) {
      var response = ledger.post(node.client(), token, id);
      if (response.status() != 503) {
        return response;
      }
      Waits.sleep(Duration.ofMillis(500));
    }
    throw new AssertionError(id + " still unavailable after Kafka came back");
  }
}
