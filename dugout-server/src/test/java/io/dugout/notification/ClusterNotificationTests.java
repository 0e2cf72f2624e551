package io.dugout.notification;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.cluster.kafka.TestCluster;
import io.dugout.notification.webhook.WebhookReceiver;
import io.dugout.realtime.StompTestClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Notifications on two cluster nodes (real Kafka broker, real redis-server, the in-JVM MongoDB
 * stand-in): whichever node a send or a chat message reaches, and whichever node owns the user's
 * partition, the user's session on the other node gets it live, a retry with the same idempotency
 * key stores nothing, and the offline webhook leaves alone a user connected to another node.
 */
class ClusterNotificationTests {

  private static final String QUEUE = "/user/queue/notifications";
  private static final String PATH = "/api/v1/notifications";
  private static final Duration PATIENCE = Duration.ofSeconds(20);
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final WebhookReceiver RECEIVER = WebhookReceiver.start();
  private static final TestCluster cluster = new TestCluster();
  private static TestCluster.Node a;
  private static TestCluster.Node b;
  private final List<StompTestClient> clients = new ArrayList<>();

  @BeforeAll
  static void startTwoNodes() {
    String[] webhook = {
      "--dugout.notifications.webhook.url=" + RECEIVER.url(),
      "--dugout.notifications.webhook.secret=whsec-test-0123456789abcdef",
      "--dugout.notifications.webhook.initial-backoff=10ms"
    };
    a = cluster.start(webhook);
    b = cluster.start(webhook);
    cluster.awaitNotificationsBalanced();
  }

  @AfterAll
  static void stop() {
    cluster.close();
    RECEIVER.close();
  }

  @AfterEach
  void closeClients() {
    clients.forEach(StompTestClient::close);
  }

  @Test
  void aNotificationSentThroughOneNodeReachesTheUsersSessionOnTheOther() {
    for (var stored : List.of(a, b)) {
      // why: once with each node storing it, so both the local and the Redis path are taken
      String user = userStoredBy(stored);
      var onB = connect(b, user);
      onB.subscribeAndWait("n", QUEUE);
      awaitOnline(a, user);

      var sent = send(a, List.of(user), null);

      assertThat(sent.status()).as("%s", sent).isEqualTo(201);
      String id = sent.json().get("ids").get(0).asString();
      var live = json(onB.await(f -> f.command().equals("MESSAGE"), PATIENCE));
      assertThat(live.get("id").asString()).isEqualTo(id);
      assertThat(live.get("title").asString()).isEqualTo("New offer");
      assertThat(list(b, user).get("unreadCount").asLong()).isEqualTo(1);
    }
  }

  @Test
  void aRetryWithTheSameIdempotencyKeyOnTheOtherNodeStoresNothing() {
    var users = List.of(userStoredBy(a), userStoredBy(b), userStoredBy(a));
    String key = "offer-" + UUID.randomUUID();

    var first = send(a, users, key);
    var retry = send(b, users, key);

    assertThat(first.status()).as("%s", first).isEqualTo(201);
    assertThat(retry.status()).as("%s", retry).isEqualTo(200);
    assertThat(retry.json().get("ids")).isEqualTo(first.json().get("ids"));
    for (int i = 0; i < users.size(); i++) {
      var page = list(a, users.get(i));
      assertThat(page.get("notifications")).hasSize(1);
      assertThat(page.get("notifications").get(0).get("id").asString())
          .isEqualTo(first.json().get("ids").get(i).asString());
    }
  }

  @Test
  void theWebhookLeavesAloneAUserConnectedToTheOtherNodeButNotAnOfflineOne() {
    // the user's notifications are stored by node A, where the user has no session
    String online = userStoredBy(a);
    String offline = userStoredBy(a);
    var onB = connect(b, online);
    onB.subscribeAndWait("n", QUEUE);
    awaitOnline(a, online);

    assertThat(send(a, List.of(online, offline), null).status()).isEqualTo(201);

    Waits.until(() -> RECEIVER.of(offline).size() == 1, PATIENCE, "the offline user's webhook");
    onB.await(f -> f.command().equals("MESSAGE"), PATIENCE);
    // why: both were stored in order by one owner, which posts an offline one as it stores it
    assertThat(RECEIVER.of(online)).isEmpty();
  }

  @Test
  void aChatMessageOnOneNodeNotifiesAMemberOnTheOtherWhoIsNotViewingTheRoom() {
    String alice = user("alice");
    String bob = user("bob");
    String carol = user("carol");
    String room = group(a, alice, "Pitch", bob, carol);
    var bobOnB = connect(b, bob);
    bobOnB.subscribeAndWait("n", QUEUE);
    var carolOnB = connect(b, carol);
    carolOnB.subscribeAndWait("r", "/topic/rooms." + room);
    awaitOnline(a, bob);
    Waits.until(
        () -> presence(a).viewersOf(room).contains(carol), PATIENCE, "carol viewing on node B");

    say(a, alice, room, "c-1", "kick-off at 10");

    var live = json(bobOnB.await(f -> f.command().equals("MESSAGE"), PATIENCE));
    assertThat(live.get("kind").asString()).isEqualTo("chat.message");
    assertThat(live.get("body").asString()).isEqualTo("kick-off at 10");
    assertThat(live.get("data").get("roomId").asString()).isEqualTo(room);
    // why: carol's would have been handed to Kafka with bob's; give it time to be stored
    sleep(Duration.ofSeconds(1));
    assertThat(list(b, carol).get("notifications")).isEmpty();
  }

  @Test
  void whoViewsARoomIsAnsweredHereWhenEveryMemberAskedAboutViewsItHere() {
    String alice = user("alice");
    String carol = user("carol");
    String room = group(a, alice, "Pitch", carol);
    var aliceOnA = connect(a, alice);
    aliceOnA.subscribeAndWait("r", "/topic/rooms." + room);
    var carolOnB = connect(b, carol);
    carolOnB.subscribeAndWait("r", "/topic/rooms." + room);
    Waits.until(
        () -> presence(a).viewersOf(room).contains(carol), PATIENCE, "carol viewing on node B");

    assertThat(presence(a).viewersAmong(room, List.of(alice, carol))).contains(alice, carol);
    // why: alice alone is answered from node A's own sessions; node B's share is not read
    assertThat(presence(a).viewersAmong(room, List.of(alice))).containsExactly(alice);
  }

  @Test
  void viewersOfARoomOnTheOtherNodeComeAndGoOneByOne() {
    String alice = user("alice");
    String bob = user("bob");
    String carol = user("carol");
    String room = group(a, alice, "Pitch", bob, carol);
    var bobOnB = connect(b, bob);
    bobOnB.subscribeAndWait("r", "/topic/rooms." + room);
    var carolOnB = connect(b, carol);
    carolOnB.subscribeAndWait("r", "/topic/rooms." + room);
    Waits.until(
        () -> presence(a).viewersOf(room).containsAll(List.of(bob, carol)),
        PATIENCE,
        "bob and carol viewing on node B");

    bobOnB.close();
    Waits.until(
        () -> !presence(a).viewersOf(room).contains(bob) && !presence(a).isOnline(bob),
        PATIENCE,
        "bob gone from node B");
    assertThat(presence(a).viewersOf(room)).contains(carol);
    assertThat(presence(a).isOnline(carol)).isTrue();
  }

  @Test
  void aMemberWhoMutedTheRoomOnTheOtherNodeIsNotNotifiedUntilUnmuted() {
    String alice = user("alice");
    String bob = user("bob");
    String room = group(a, alice, "Pitch", bob);
    var bobOnB = connect(b, bob);
    bobOnB.subscribeAndWait("n", QUEUE);
    awaitOnline(a, bob);
    say(a, alice, room, "c-1", "before muting");
    bobOnB.await(f -> f.command().equals("MESSAGE") && f.body().contains("before"), PATIENCE);
    assertThat(recipients(a).keeps(room)).isTrue();

    var muted = b.client().send("PUT", b.client().token(bob), mutePath(room), null);
    assertThat(muted.status()).as("%s", muted).isEqualTo(200);
    // the mute on node B reaches node A's chat notifier as a room event
    Waits.until(() -> !recipients(a).keeps(room), PATIENCE, "node A to drop the room's members");
    say(a, alice, room, "c-2", "while muted");
    say(a, alice, room, "c-3", "still muted");
    var unmuted = b.client().delete(b.client().token(bob), mutePath(room));
    assertThat(unmuted.status()).as("%s", unmuted).isEqualTo(200);
    Waits.until(() -> !recipients(a).keeps(room), PATIENCE, "node A to drop the room's members");
    say(a, alice, room, "c-4", "after unmuting");

    var next = json(bobOnB.await(f -> f.command().equals("MESSAGE"), PATIENCE));
    assertThat(next.get("body").asString()).isEqualTo("after unmuting");
    assertThat(next.get("count").asInt()).as("updated by two messages only").isEqualTo(2);
  }

  /** A new user whose notifications the given node stores (it owns the user's partition). */
  private static String userStoredBy(TestCluster.Node node) {
    for (int i = 0; i < 200; i++) {
      String user = user("u");
      if (node.ownedNotifications().contains(TestCluster.partitionOf(user))) {
        return user;
      }
    }
    throw new AssertionError("no user whose partition the node owns");
  }

  private static String user(String name) {
    return name + "-" + UUID.randomUUID().toString().substring(0, 8);
  }

  private static Presence presence(TestCluster.Node node) {
    return node.context().getBean(Presence.class);
  }

  private static RoomRecipients recipients(TestCluster.Node node) {
    return node.context().getBean(RoomRecipients.class);
  }

  private static void awaitOnline(TestCluster.Node node, String user) {
    Waits.until(() -> presence(node).isOnline(user), PATIENCE, user + " online on the other node");
  }

  private StompTestClient connect(TestCluster.Node node, String user) {
    var stomp = StompTestClient.connect(node.port(), node.client().token(user));
    clients.add(stomp);
    return stomp;
  }

  private static io.dugout.api.ApiResponse send(
      TestCluster.Node node, List<String> users, String idempotencyKey) {
    var body = new HashMap<String, Object>();
    body.put("userIds", users);
    body.put("kind", "trade.offer");
    body.put("title", "New offer");
    body.put("body", "12 EUR");
    if (idempotencyKey != null) {
      body.put("idempotencyKey", idempotencyKey);
    }
    return node.client().postJson(node.client().serviceToken("backend"), PATH, body);
  }

  private static JsonNode list(TestCluster.Node node, String user) {
    var page = node.client().get(node.client().token(user), PATH);
    assertThat(page.status()).as("%s", page).isEqualTo(200);
    return page.json();
  }

  private static String group(TestCluster.Node node, String owner, String title, String... others) {
    var created =
        node.client()
            .postJson(
                node.client().token(owner),
                "/api/v1/rooms",
                Map.of("type", "GROUP", "title", title, "memberIds", List.of(others)));
    assertThat(created.status()).as("%s", created).isEqualTo(201);
    return created.json().get("id").asString();
  }

  private static void say(
      TestCluster.Node node, String user, String room, String clientMsgId, String content) {
    var sent =
        node.client()
            .postJson(
                node.client().token(user),
                "/api/v1/rooms/" + room + "/messages",
                Map.of("clientMsgId", clientMsgId, "kind", "TEXT", "content", content));
    assertThat(sent.status()).as("%s", sent).isLessThan(300);
  }

  private static String mutePath(String room) {
    return "/api/v1/rooms/" + room + "/mute";
  }

  private static JsonNode json(StompTestClient.Frame frame) {
    return JSON.readTree(frame.body());
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
