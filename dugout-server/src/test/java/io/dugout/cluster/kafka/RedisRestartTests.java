package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.ApiResponse;
import io.dugout.api.DugoutClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * Redis stopped and started again while a node sends to a room another node sequences: while it is
 * gone sends fail with {@code unavailable} (their answers cannot travel), never with a false
 * success; once it is back the nodes listen again and sends are confirmed, and every confirmed
 * message is in history once, gap-free.
 */
class RedisRestartTests {

  @Test
  void sendsFailCleanlyWhileRedisIsDownAndAreConfirmedAgainAfterItRestarts() {
    try (var cluster = new TestCluster()) {
      var a = cluster.start("--dugout.cluster.append-timeout=2s");
      var b = cluster.start("--dugout.cluster.append-timeout=2s");
      cluster.awaitBalanced();
      String alice = a.client().token("alice");
      String room = group(a.client(), alice);
      for (int i = 0; i < 50 && a.owned().contains(TestCluster.partitionOf(room)); i++) {
        room = group(a.client(), alice);
      }
      assertThat(b.owned()).contains(TestCluster.partitionOf(room));

      var confirmed = new ArrayList<Long>();
      confirmed.add(post(a.client(), alice, room, "before").number("seq"));

      var redis = TestCluster.redisServer();
      redis.stop();
      ApiResponse whileDown;
      try {
        whileDown = post(a.client(), alice, room, "while-down");
      } finally {
        redis.startAgain();
      }
      assertThat(whileDown.status()).as(whileDown.toString()).isEqualTo(503);
      assertThat(whileDown.text("code")).isEqualTo("unavailable");

      // the same clientMsgId again until confirmed: stored once, whenever it was stored
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      ApiResponse retried = post(a.client(), alice, room, "while-down");
      while (retried.status() == 503 && System.nanoTime() < deadline) {
        retried = post(a.client(), alice, room, "while-down");
      }
      assertThat(retried.status()).as(retried.toString()).isIn(200, 201);
      confirmed.add(retried.number("seq"));
      var after = post(a.client(), alice, room, "after");
      assertThat(after.status()).as(after.toString()).isEqualTo(201);
      confirmed.add(after.number("seq"));

      var history = history(b.client(), alice, room);
      assertThat(history).isEqualTo(LongStream.rangeClosed(1, 3).boxed().toList());
      assertThat(confirmed).containsExactly(1L, 2L, 3L);
    }
  }

  private static String group(DugoutClient client, String token) {
    var response =
        client.postJson(
            token,
            "/api/v1/rooms",
            Map.of("type", "GROUP", "title", "t", "memberIds", List.of("bob")));
    assertThat(response.status()).as(response.toString()).isEqualTo(201);
    return response.text("id");
  }

  private static ApiResponse post(DugoutClient client, String token, String room, String id) {
    var body = new HashMap<String, Object>();
    body.put("clientMsgId", id);
    body.put("kind", "TEXT");
    body.put("content", id);
    return client.postJson(token, "/api/v1/rooms/" + room + "/messages", body);
  }

  private static List<Long> history(DugoutClient client, String token, String room) {
    var response = client.get(token, "/api/v1/rooms/" + room + "/messages?after=0&limit=100");
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    var seqs = new ArrayList<Long>();
    response.json().get("messages").forEach(m -> seqs.addFirst(m.get("seq").asLong()));
    return seqs;
  }
}
