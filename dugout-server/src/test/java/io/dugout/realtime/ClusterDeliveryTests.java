package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.CapturedLog;
import io.dugout.cluster.kafka.TestCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * Live delivery across two cluster nodes over real STOMP clients: each node delivers a room's
 * messages to its subscribers in the room's one seq order, whichever node they were sent to; a
 * client resumes on the other node with no gap and no repeat; a message whose Redis publish was
 * lost is delivered from the store; room events and typing reach the other node.
 */
class ClusterDeliveryTests {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final TestCluster cluster = new TestCluster();
  private static TestCluster.Node a;
  private static TestCluster.Node b;
  private final List<StompTestClient> clients = new ArrayList<>();

  @BeforeAll
  static void startTwoNodes() {
    // why: a removal whose room event Redis lost ends the subscription within a second here
    a = cluster.start("--dugout.realtime.membership-check-interval=1s");
    b = cluster.start("--dugout.realtime.membership-check-interval=1s");
    cluster.awaitBalanced();
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  @AfterEach
  void closeClients() {
    clients.forEach(StompTestClient::close);
  }

  @Test
  void subscribersOnBothNodesGetWhatEightSendersOnBothNodesSendInExactSeqOrder() throws Exception {
    String room = a.group("alice", "bob", "carol");
    var onA = connect(a, "carol");
    var onB = connect(b, "bob");
    onA.subscribeAndWait("r", topic(room));
    onB.subscribeAndWait("r", topic(room));

    int senders = 8;
    int each = 10;
    var sent = new ArrayList<Future<?>>();
    try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
      for (int s = 0; s < senders; s++) {
        var node = s % 2 == 0 ? a : b;
        String user = s % 2 == 0 ? "alice" : "bob";
        int sender = s;
        sent.add(
            pool.submit(
                () -> {
                  var stomp = connect(node, user);
                  for (int i = 0; i < each; i++) {
                    String id = "s" + sender + "-" + i;
                    post(stomp, room, id);
                  }
                  return null;
                }));
      }
    }
    for (var sender : sent) {
      sender.get();
    }
    var expected = LongStream.rangeClosed(1, senders * each).boxed().toList();
    assertThat(seqs(onA, senders * each)).as("on node A").isEqualTo(expected);
    assertThat(seqs(onB, senders * each)).as("on node B").isEqualTo(expected);
  }

  @Test
  void aClientThatMovesToTheOtherNodeResumesWithSinceSeqWithNoGapAndNoRepeat() {
    String room = a.group("alice", "bob");
    var bobOnA = connect(a, "bob");
    bobOnA.subscribeAndWait("r", topic(room));
    var alice = connect(b, "alice");
    for (int i = 1; i <= 5; i++) {
      post(alice, room, "before-" + i);
    }
    assertThat(seqs(bobOnA, 5)).containsExactly(1L, 2L, 3L, 4L, 5L);
    bobOnA.close();

    for (int i = 6; i <= 9; i++) {
      post(alice, room, "away-" + i);
    }
    var bobOnB = connect(b, "bob");
    bobOnB.subscribeAndWait("r", topic(room), "since-seq", "5");
    var aliceOnA = connect(a, "alice");
    for (int i = 10; i <= 12; i++) {
      post(aliceOnA, room, "live-" + i);
    }
    assertThat(seqs(bobOnB, 7)).containsExactly(6L, 7L, 8L, 9L, 10L, 11L, 12L);
    assertThat(bobOnB.poll(Duration.ofMillis(300))).as("nothing repeated").isNull();
  }

  @Test
  void aMessageWhosePublishWasLostIsDeliveredFromTheStoreInOrder() {
    // node A sequences the room and alice sends there: node B hears of it only through Redis
    String room = a.group("alice", "bob", "carol");
    for (int i = 0; i < 50 && !a.owned().contains(TestCluster.partitionOf(room)); i++) {
      room = a.group("alice", "bob", "carol");
    }
    assertThat(a.owned()).contains(TestCluster.partitionOf(room));
    var onB = connect(b, "carol");
    onB.subscribeAndWait("r", topic(room));
    var alice = connect(a, "alice");
    post(alice, room, "first");
    assertThat(seqs(onB, 1)).containsExactly(1L);
    long filledBefore = b.filled();

    // Redis refuses every publish to a room channel: seq 2 and 3 reach no other node
    var redis = TestCluster.redis();
    acl(redis, "resetchannels", "&dugout:node:*", "&dugout:room-events");
    try {
      post(alice, room, "lost-2");
      post(alice, room, "lost-3");
    } finally {
      acl(redis, "allchannels");
    }
    // nothing comes after them: the periodic check finds them
    assertThat(seqs(onB, 2)).containsExactly(2L, 3L);
    assertThat(b.filled()).isGreaterThanOrEqualTo(filledBefore + 2);

    acl(redis, "resetchannels", "&dugout:node:*", "&dugout:room-events");
    try {
      post(alice, room, "lost-4");
    } finally {
      acl(redis, "allchannels");
    }
    // the next message shows the gap, which is filled before it is delivered
    post(alice, room, "after-5");
    assertThat(seqs(onB, 2)).containsExactly(4L, 5L);
    assertThat(b.filled()).isGreaterThanOrEqualTo(filledBefore + 3);
  }

  @Test
  void aMemberRemovedOnOneNodeStopsReceivingTheRoomOnTheOther() {
    String room = a.group("alice", "bob");
    var bobOnB = connect(b, "bob");
    bobOnB.subscribeAndWait("r", topic(room));
    var aliceOnA = connect(a, "alice");
    aliceOnA.subscribeAndWait("r", topic(room));

    a.remove("alice", room, "bob");
    bobOnB.await(f -> f.body().contains("member.left"));

    assertNoLongerDelivered(bobOnB, aliceOnA, room);
  }

  @Test
  void aMemberRemovedWhileRedisLosesTheRoomEventStopsReceivingTheRoomOnTheOtherNodeToo() {
    String room = a.group("alice", "bob");
    var bobOnB = connect(b, "bob");
    bobOnB.subscribeAndWait("r", topic(room));
    var aliceOnA = connect(a, "alice");
    aliceOnA.subscribeAndWait("r", topic(room));

    // Redis refuses every publish to the room events channel: node B never hears of the removal
    var redis = TestCluster.redis();
    try (var lost = CapturedLog.of("io.dugout.cluster.redis.RedisRoomEvents");
        var resync = CapturedLog.of(MembershipResync.class.getName())) {
      acl(redis, "resetchannels", "&dugout:node:*", "&dugout:room:*");
      try {
        a.remove("alice", room, "bob");
      } finally {
        acl(redis, "allchannels");
      }
      assertThat(lost.lines()).anyMatch(line -> line.contains("room event of room " + room));

      // node B finds out from the store at its next membership check
      bobOnB.await(f -> f.body().contains("member.left"), Duration.ofSeconds(10));
      assertThat(resync.lines()).anyMatch(line -> line.contains("bob") && line.contains(room));
    }
    assertNoLongerDelivered(bobOnB, aliceOnA, room);
  }

  @Test
  void typingOnOneNodeReachesSubscribersOnTheOther() {
    String room = a.group("alice", "bob");
    var bobOnB = connect(b, "bob");
    bobOnB.subscribeAndWait("r", topic(room));
    var aliceOnA = connect(a, "alice");

    aliceOnA.sendJson("/app/rooms." + room + ".typing", "", "t1");
    aliceOnA.awaitReceipt("t1");
    var typing = JSON.readTree(bobOnB.await(f -> f.body().contains("\"type\":\"typing\"")).body());
    assertThat(typing.get("userId").asString()).isEqualTo("alice");
    assertThat(typing.get("roomId").asString()).isEqualTo(room);
  }

  private StompTestClient connect(TestCluster.Node node, String user) {
    var stomp = StompTestClient.connect(node.port(), node.client().token(user));
    synchronized (clients) {
      clients.add(stomp);
    }
    return stomp;
  }

  /** The seqs of the next {@code count} room messages the client gets, in arrival order. */
  private static List<Long> seqs(StompTestClient stomp, int count) {
    var seqs = new ArrayList<Long>();
    for (int i = 0; i < count; i++) {
      var frame =
          stomp.await(
              f -> f.command().equals("MESSAGE") && f.body().contains("\"type\":\"message\""),
              Duration.ofSeconds(20));
      seqs.add(JSON.readTree(frame.body()).get("seq").asLong());
    }
    return seqs;
  }

  /** Posts a text message to the room, its clientMsgId also the receipt, and awaits the receipt. */
  private static void post(StompTestClient stomp, String room, String clientMsgId) {
    stomp.sendJson(send(room), text(clientMsgId), clientMsgId);
    stomp.awaitReceipt(clientMsgId);
  }

  /**
   * A message {@code sender} posts now reaches the sender, and never the {@code removed} member.
   */
  private static void assertNoLongerDelivered(
      StompTestClient removed, StompTestClient sender, String room) {
    post(sender, room, "after-removal");
    sender.await(f -> f.body().contains("after-removal"));
    var leak = removed.poll(Duration.ofMillis(500));
    assertThat(leak == null ? "" : leak.body()).doesNotContain("after-removal");
  }

  private static void acl(StringRedisTemplate redis, String... rules) {
    var args = new ArrayList<byte[]>();
    args.add("SETUSER".getBytes());
    args.add("default".getBytes());
    for (String rule : rules) {
      args.add(rule.getBytes());
    }
    redis.execute((RedisCallback<Object>) c -> c.execute("ACL", args.toArray(byte[][]::new)));
  }

  private static String topic(String room) {
    return "/topic/rooms." + room;
  }

  private static String send(String room) {
    return "/app/rooms." + room + ".messages";
  }

  private static String text(String clientMsgId) {
    return "{\"clientMsgId\":\"" + clientMsgId + "\",\"kind\":\"TEXT\",\"content\":\"hi\"}";
  }
}
