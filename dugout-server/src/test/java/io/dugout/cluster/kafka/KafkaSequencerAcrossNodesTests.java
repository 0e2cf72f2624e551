package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.ApiResponse;
import io.dugout.api.DugoutClient;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Kafka sequencer across two nodes, over REST: whichever node a send reaches, the owner of its
 * room's partition gives it the room's next seq, a retry on any node finds the original, and a send
 * whose outcome is lost gets an error, never a false success.
 */
class KafkaSequencerAcrossNodesTests {

  private static final TestCluster cluster = new TestCluster();
  private static TestCluster.Node a;
  private static TestCluster.Node b;

  @BeforeAll
  static void startTwoNodes() {
    a = cluster.start("--dugout.cluster.append-timeout=3s");
    b = cluster.start("--dugout.cluster.append-timeout=3s");
    cluster.awaitBalanced();
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  @Test
  void sendsOnBothNodesGetOneGapFreeSeqOrderPerRoom() throws Exception {
    String alice = a.client().token("alice");
    String bob = b.client().token("bob");
    var rooms = List.of(group(a, alice, "bob"), group(b, bob, "alice"), group(a, alice, "bob"));
    var seqs = new ConcurrentHashMap<String, List<Long>>();
    rooms.forEach(r -> seqs.put(r, java.util.Collections.synchronizedList(new ArrayList<>())));
    int senders = 8;
    int each = 15;
    var done = new ArrayList<java.util.concurrent.Future<?>>();
    try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
      for (int s = 0; s < senders; s++) {
        int sender = s;
        done.add(
            pool.submit(
                () -> {
                  var node = sender % 2 == 0 ? a : b;
                  String token = sender % 3 == 0 ? alice : bob;
                  for (int i = 0; i < each; i++) {
                    String room = rooms.get((sender + i) % rooms.size());
                    var posted = post(node.client(), token, room, "s" + sender + "-" + i);
                    assertThat(posted.status()).as(posted.toString()).isEqualTo(201);
                    seqs.get(room).add(posted.number("seq"));
                  }
                  return null;
                }));
      }
    }
    for (var sender : done) {
      sender.get(); // rethrows a sender's failed assertion
    }
    int total = 0;
    for (var room : rooms) {
      var stored = history(a.client(), alice, room);
      long first = stored.getFirst();
      total += seqs.get(room).size();
      assertThat(stored)
          .as("room %s in seq order, gap-free", room)
          .containsExactlyElementsOf(
              LongStream.rangeClosed(first, stored.getLast()).boxed().toList());
      assertThat(seqs.get(room))
          .as("every send got its own seq")
          .doesNotHaveDuplicates()
          .allMatch(stored::contains);
      assertThat(history(b.client(), bob, room))
          .as("both nodes read the same history")
          .isEqualTo(stored);
    }
    assertThat(total).isEqualTo(senders * each);
  }

  @Test
  void aRetryOnTheOtherNodeReturnsTheOriginalAndStoresNothing() {
    String alice = a.client().token("alice");
    String room = group(a, alice, "bob");
    var first = post(a.client(), alice, room, "once");
    var retry = post(b.client(), alice, room, "once");
    assertThat(first.status()).isEqualTo(201);
    assertThat(retry.status()).as("a retry is not created again").isEqualTo(200);
    assertThat(retry.number("seq")).isEqualTo(first.number("seq"));
    assertThat(history(b.client(), alice, room)).containsOnlyOnce(first.number("seq")).hasSize(1);
  }

  @Test
  void aSendWhoseAnswerIsLostFailsClearlyAndItsRetryFindsTheOriginal() {
    String alice = a.client().token("alice");
    // a room sequenced by the other node, so that the answer must travel through Redis
    var sender = a;
    String room = group(a, alice, "bob");
    while (sender.owned().contains(TestCluster.partitionOf(room))) {
      room = group(a, alice, "bob");
    }
    var redis = TestCluster.redis();
    redis.execute(
        (org.springframework.data.redis.core.RedisCallback<Object>)
            c ->
                c.execute(
                    "ACL",
                    "SETUSER".getBytes(),
                    "default".getBytes(),
                    "resetchannels".getBytes(),
                    "&dugout:room:*".getBytes(),
                    "&dugout:room-events".getBytes()));
    ApiResponse lost;
    try {
      lost = post(sender.client(), alice, room, "lost-answer");
    } finally {
      redis.execute(
          (org.springframework.data.redis.core.RedisCallback<Object>)
              c ->
                  c.execute(
                      "ACL", "SETUSER".getBytes(), "default".getBytes(), "allchannels".getBytes()));
    }
    assertThat(lost.status()).as(lost.toString()).isEqualTo(503);
    assertThat(lost.text("code")).isEqualTo("unavailable");
    assertThat(lost.body()).contains("same clientMsgId");

    var retry = post(sender.client(), alice, room, "lost-answer");
    assertThat(retry.status()).as("stored although its answer was lost").isEqualTo(200);
    assertThat(history(a.client(), alice, room)).containsExactly(retry.number("seq"));
  }

  private static String group(TestCluster.Node node, String token, String... members) {
    var response =
        node.client()
            .postJson(
                token,
                "/api/v1/rooms",
                Map.of("type", "GROUP", "title", "t", "memberIds", List.of(members)));
    assertThat(response.status()).as(response.toString()).isEqualTo(201);
    return response.text("id");
  }

  private static ApiResponse post(DugoutClient client, String token, String room, String msgId) {
    var body = new HashMap<String, Object>();
    body.put("clientMsgId", msgId);
    body.put("kind", "TEXT");
    body.put("content", "hello " + msgId);
    return client.postJson(token, "/api/v1/rooms/" + room + "/messages", body);
  }

  /** Every seq of the room, oldest first, read page by page. */
  private static List<Long> history(DugoutClient client, String token, String room) {
    var seqs = new ArrayList<Long>();
    String cursor = "";
    for (int page = 0; page < 100; page++) {
      var response = client.get(token, "/api/v1/rooms/" + room + "/messages?limit=100" + cursor);
      assertThat(response.status()).as(response.toString()).isEqualTo(200);
      var messages = response.json().get("messages");
      for (var message : messages) {
        seqs.addFirst(message.get("seq").asLong());
      }
      if (!response.json().get("hasMore").asBoolean() || messages.isEmpty()) {
        return seqs;
      }
      cursor = "&before=" + seqs.getFirst();
    }
    throw new AssertionError("more than 100 pages");
  }
}
