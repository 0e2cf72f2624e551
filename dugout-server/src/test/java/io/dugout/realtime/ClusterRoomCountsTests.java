package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.cluster.kafka.TestCluster;
import io.dugout.notification.Presence;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Badges across two cluster nodes (real Kafka broker, real redis-server, the in-JVM MongoDB
 * stand-in): a message posted through one node raises the member's badge on a session on the other,
 * carried by the member's rooms channel, and a read on one node clears the badge on the other,
 * carried by the read's room event.
 */
class ClusterRoomCountsTests {

  private static final String ROOMS = "/user/queue/rooms";
  private static final Duration PATIENCE = Duration.ofSeconds(20);
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final TestCluster cluster = new TestCluster();
  private static TestCluster.Node a;
  private static TestCluster.Node b;
  private final List<StompTestClient> clients = new ArrayList<>();

  @BeforeAll
  static void startTwoNodes() {
    a = cluster.start();
    b = cluster.start();
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
  void aMessageThroughOneNodeRaisesTheBadgeOfAMembersSessionOnTheOther() {
    for (var posting : List.of(a, b)) {
      var other = posting == a ? b : a;
      String alice = user("alice");
      String bob = user("bob");
      String room = group(posting, alice, bob);
      var bobThere = roomsQueue(other, bob);
      awaitOnline(posting, bob);

      long seq = say(posting, alice, room, "c-1", List.of(bob));

      var counts = awaitCounts(bobThere, room, c -> true);
      assertThat(counts.get("lastSeq").asLong()).isEqualTo(seq);
      assertThat(counts.get("unreadCount").asLong()).isEqualTo(1);
      assertThat(counts.get("mentionCount").asLong()).isEqualTo(1);
    }
  }

  @Test
  void aReadOnOneNodeClearsTheBadgeOnTheOther() {
    String alice = user("alice");
    String bob = user("bob");
    String room = group(a, alice, bob);
    var laptopOnB = roomsQueue(b, bob);
    // why: before bob connects on A too, which would make him online there at once
    awaitOnline(a, bob);
    var phoneOnA = roomsQueue(a, bob);
    long seq = say(a, alice, room, "c-1", List.of());
    awaitCounts(laptopOnB, room, c -> c.get("unreadCount").asLong() == 1);

    phoneOnA.sendJson("/app/rooms." + room + ".read", "{\"seq\":" + seq + "}", "read-1");
    phoneOnA.awaitReceipt("read-1");

    for (var session : List.of(laptopOnB, phoneOnA)) {
      var cleared = awaitCounts(session, room, c -> c.get("unreadCount").asLong() == 0);
      assertThat(cleared.get("lastSeq").asLong()).isEqualTo(seq);
    }
  }

  private StompTestClient roomsQueue(TestCluster.Node node, String user) {
    var stomp = StompTestClient.connect(node.port(), node.client().token(user));
    clients.add(stomp);
    stomp.subscribeAndWait("rooms", ROOMS);
    return stomp;
  }

  /**
   * Waits until the node sees the user connected on the other: the other node shares its users
   * after it follows their channels, so from then on it receives what is published to them.
   */
  private static void awaitOnline(TestCluster.Node node, String user) {
    Waits.until(
        () -> node.context().getBean(Presence.class).isOnline(user),
        PATIENCE,
        user + " online on the other node");
  }

  private static JsonNode awaitCounts(
      StompTestClient session, String room, Predicate<JsonNode> matching) {
    var frame =
        session.await(
            f -> {
              if (!f.command().equals("MESSAGE") || !f.body().contains("\"room.counts\"")) {
                return false;
              }
              var body = JSON.readTree(f.body());
              return body.get("roomId").asString().equals(room) && matching.test(body);
            },
            PATIENCE);
    return JSON.readTree(frame.body());
  }

  private static String group(TestCluster.Node node, String owner, String... others) {
    var created =
        node.client()
            .postJson(
                node.client().token(owner),
                "/api/v1/rooms",
                Map.of("type", "GROUP", "title", "Pitch", "memberIds", List.of(others)));
    assertThat(created.status()).as("%s", created).isEqualTo(201);
    return created.json().get("id").asString();
  }

  private static long say(
      TestCluster.Node node, String user, String room, String clientMsgId, List<String> mentions) {
    var body = new HashMap<String, Object>();
    body.put("clientMsgId", clientMsgId);
    body.put("kind", "TEXT");
    body.put("content", "kick-off at 10");
    if (!mentions.isEmpty()) {
      body.put("mentions", mentions);
    }
    var sent =
        node.client()
            .postJson(node.client().token(user), "/api/v1/rooms/" + room + "/messages", body);
    assertThat(sent.status()).as("%s", sent).isLessThan(300);
    return sent.json().get("seq").asLong();
  }

  private static String user(String name) {
    return name + "-" + UUID.randomUUID().toString().substring(0, 8);
  }
}
