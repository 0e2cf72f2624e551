package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.cluster.TcpProxy;
import io.dugout.realtime.StompTestClient;
import io.dugout.store.mongo.InJvmMongo;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * MongoDB made unreachable for both nodes (the loopback proxy between them and the store cut, so
 * connects are refused): sends get {@code unavailable} on REST and STOMP — never a receipt —
 * history reads get {@code unavailable}, subscribers get nothing, a new SUBSCRIBE gets an ERROR;
 * once MongoDB is reachable again, the sends resent with their clientMsgIds are stored once, in
 * order, and delivered.
 */
class MongoOutageTests {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @Test
  void nothingIsAcknowledgedOrDeliveredWhileMongoDbIsUnreachableAndAllRecoversAfter() {
    int mongoPort = URI.create(InJvmMongo.shared().uri()).getPort();
    try (var proxy = TcpProxy.to("127.0.0.1", mongoPort);
        var cluster =
            new TestCluster()
                .withMongo(
                    "mongodb://127.0.0.1:" + proxy.port(),
                    "serverSelectionTimeoutMS=2000&connectTimeoutMS=1000")) {
      var a = cluster.start("--dugout.cluster.append-timeout=3s");
      var b = cluster.start("--dugout.cluster.append-timeout=3s");
      cluster.awaitBalanced();
      String alice = a.client().token("alice");
      var created =
          a.client()
              .postJson(
                  alice,
                  "/api/v1/rooms",
                  Map.of("type", "GROUP", "title", "t", "memberIds", List.of("bob", "carol")));
      assertThat(created.status()).as(created.toString()).isEqualTo(201);
      var ledger = new RoomLedger(created.text("id"));
      String room = ledger.room();

      try (var carol = StompTestClient.connect(b.port(), b.client().token("carol"));
          var aliceStomp = StompTestClient.connect(a.port(), alice)) {
        carol.subscribeAndWait("r", "/topic/rooms." + room);
        aliceStomp.subscribeAndWait("e", "/user/queue/errors");
        ledger.acknowledged("before", ledger.post(a.client(), alice, "before"));
        assertThat(seqs(carol, 1)).containsExactly(1L);

        proxy.cut();
        try {
          var rest = ledger.post(a.client(), alice, "rest-down");
          assertThat(rest.status()).as(rest.toString()).isEqualTo(503);
          assertThat(rest.text("code")).isEqualTo("unavailable");
          // why either: a node that keeps alice's membership and moderation sends it on to the
          // partition owner, which cannot store it, and answers after the append timeout; one
          // whose view was dropped meanwhile fails at its own read of MongoDB
          assertThat(rest.text("detail"))
              .satisfiesAnyOf(
                  detail -> assertThat(detail).contains("MongoDB"),
                  detail -> assertThat(detail).contains("it may still be stored"));

          var viaB = ledger.post(b.client(), b.client().token("bob"), "rest-down-b");
          assertThat(viaB.status()).as(viaB.toString()).isEqualTo(503);

          var history =
              b.client().get(alice, "/api/v1/rooms/" + room + "/messages?after=0&limit=10");
          assertThat(history.status()).as(history.toString()).isEqualTo(503);
          assertThat(history.text("code")).isEqualTo("unavailable");

          aliceStomp.sendJson(
              "/app/rooms." + room + ".messages",
              "{\"clientMsgId\":\"stomp-down\",\"kind\":\"TEXT\",\"content\":\"x\"}",
              "receipt-down");
          var error =
              aliceStomp.await(
                  f -> f.command().equals("MESSAGE") || f.command().equals("RECEIPT"),
                  Duration.ofSeconds(20));
          assertThat(error.command()).as("an error, never a receipt").isEqualTo("MESSAGE");
          assertThat(error.body()).contains("\"code\":\"unavailable\"").contains("stomp-down");
          assertThat(aliceStomp.isClosed()).as("the session stays open").isFalse();

          assertThat(carol.poll(Duration.ofSeconds(1))).as("nothing delivered").isNull();

          // a SUBSCRIBE needs the store (membership, last seq): refused with an ERROR naming it
          try (var bob = StompTestClient.connect(b.port(), b.client().token("bob"))) {
            bob.subscribe("late", "/topic/rooms." + room, "receipt", "sub-late");
            var refused =
                bob.await(
                    f -> f.command().equals("ERROR") || f.command().equals("RECEIPT"),
                    Duration.ofSeconds(20));
            assertThat(refused.command()).as("an ERROR, never a RECEIPT").isEqualTo("ERROR");
            assertThat(refused.header("message"))
                .contains("cannot subscribe to room " + room)
                .contains("MongoDB");
          }
        } finally {
          proxy.restore();
        }

        // the same clientMsgIds again, as clients would, until acknowledged: stored once each
        resendUntilAcknowledged(ledger, a, alice, "rest-down");
        resendUntilAcknowledged(ledger, b, b.client().token("bob"), "rest-down-b");
        resendUntilAcknowledged(ledger, a, alice, "stomp-down");
        ledger.acknowledged("after", ledger.post(a.client(), alice, "after"));
        var stored = ledger.assertHistoryKeepsEveryAcknowledgedSendOnce(b.client(), alice);
        assertThat(stored).hasSize(5);
        assertThat(seqs(carol, 4)).containsExactly(2L, 3L, 4L, 5L);
        // the refused subscriber subscribes again, as clients would, and misses nothing
        try (var bob = StompTestClient.connect(b.port(), b.client().token("bob"))) {
          bob.subscribeAndWait("again", "/topic/rooms." + room, "since-seq", "0");
          assertThat(seqs(bob, 5)).containsExactly(1L, 2L, 3L, 4L, 5L);
        }
      }
    }
  }

  private static void resendUntilAcknowledged(
      RoomLedger ledger, TestCluster.Node node, String token, String id) {
    for (int attempt = 0; attempt < 30; attempt++) {
      var response = ledger.post(node.client(), token, id);
      if (response.status() != 503) {
        ledger.acknowledged(id, response);
        return;
      }
      Waits.sleep(Duration.ofMillis(500));
    }
    throw new AssertionError(id + " still unavailable after MongoDB came back");
  }

  private static List<Long> seqs(StompTestClient stomp, int count) {
    var seqs = new ArrayList<Long>();
    for (int i = 0; i < count; i++) {
      var frame =
          stomp.await(
              f -> f.command().equals("MESSAGE") && f.body().contains("\"type\":\"message\""),
              Duration.ofSeconds(30));
      seqs.add(JSON.readTree(frame.body()).get("seq").asLong());
    }
    return seqs;
  }
}
