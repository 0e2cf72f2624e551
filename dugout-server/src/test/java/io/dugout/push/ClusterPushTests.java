package io.dugout.push;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.TempDirs;
import io.dugout.Waits;
import io.dugout.cluster.kafka.TestCluster;
import io.dugout.notification.Presence;
import io.dugout.realtime.StompTestClient;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Two cluster nodes push to one FCM: each stored notification is pushed once per device, by the
 * node that stores the user's notifications, whichever node the message or send came through; and
 * that node leaves alone a user with a live session on the other node.
 */
class ClusterPushTests {

  private static final Duration PATIENCE = Duration.ofSeconds(30);

  @Test
  void twoNodesPushEachNotificationOncePerDevice() throws Exception {
    try (var fcm = new FakeFcm();
        var cluster = new TestCluster()) {
      var nodes = startPushing(cluster, fcm);
      var a = nodes.get(0);
      var b = nodes.get(1);
      String alice = "alice-" + UUID.randomUUID().toString().substring(0, 8);
      String bob = "bob-" + UUID.randomUUID().toString().substring(0, 8);
      String token = "fcm-" + UUID.randomUUID();
      PushChecks.registerPhone(a.client(), bob, token);
      String roomId = b.group(alice, bob);

      long first = say(b, alice, roomId, "c-1", "kick-off at 10");
      for (int i = 0; i < 6; i++) {
        var node = i % 2 == 0 ? a : b;
        var offer =
            node.client()
                .postJson(
                    node.client().serviceToken("backend"),
                    "/api/v1/notifications",
                    Map.of(
                        "userIds",
                        List.of(bob),
                        "kind",
                        "trade.offer",
                        "title",
                        "Offer " + i,
                        "body",
                        "12 EUR"));
        assertThat(offer.status()).as("%s", offer).isEqualTo(201);
      }

      Waits.until(() -> fcm.acceptedFor(token).size() >= 7, PATIENCE, "7 pushes to bob");
      Waits.until(() -> depth(a) == 0 && depth(b) == 0, PATIENCE, "both push queues to drain");
      var pushes = fcm.acceptedFor(token);
      assertThat(pushes).hasSize(7);
      assertThat(pushes.stream().map(p -> p.at("/data/notificationId").asString()).distinct())
          .hasSize(7);
      JsonNode chat =
          pushes.stream()
              .filter(p -> p.at("/data/kind").asString().equals("chat.message"))
              .findFirst()
              .orElseThrow();
      assertThat(chat.at("/data/roomId").asString()).isEqualTo(roomId);
      assertThat(chat.at("/data/seq").asString()).isEqualTo(Long.toString(first));
    }
  }

  @Test
  void aSessionOnTheOtherNodeHoldsBackThePushUntilItCloses() throws Exception {
    try (var fcm = new FakeFcm();
        var cluster = new TestCluster()) {
      var s = bobStoredByA(startPushing(cluster, fcm), fcm);
      var a = s.a();
      var b = s.b();
      String alice = s.alice();
      String bob = s.bob();
      String token = s.token();
      String roomId = s.roomId();

      // bob is connected to node B only, not viewing the room; node A stores his notifications
      try (var bobOnB = StompTestClient.connect(b.port(), b.client().token(bob))) {
        bobOnB.subscribeAndWait("n", "/user/queue/notifications");
        Waits.until(() -> presence(a).isOnline(bob), PATIENCE, "bob online as node A sees it");
        say(b, alice, roomId, "c-1", "while bob is on node B");
        var live = bobOnB.await(f -> f.command().equals("MESSAGE"), PATIENCE);
        assertThat(live.body()).contains("while bob is on node B");
      }
      Waits.until(() -> !presence(a).isOnline(bob), PATIENCE, "bob offline as node A sees it");
      long second = say(b, alice, roomId, "c-2", "after bob left");

      Waits.until(
          () ->
              fcm.acceptedFor(token).stream()
                  .anyMatch(p -> p.at("/data/seq").asString().equals(Long.toString(second))),
          PATIENCE,
          "the second message pushed to bob");
      // why: the first notification was queued on node A before the second, so once A's queue
      // is empty a push of it, had one been decided, would have been sent
      Waits.until(() -> depth(a) == 0 && depth(b) == 0, PATIENCE, "both push queues to drain");
      var pushes = fcm.acceptedFor(token);
      assertThat(pushes).hasSize(1);
      assertThat(pushes.getFirst().at("/data/roomId").asString()).isEqualTo(roomId);
      assertThat(pushes.getFirst().at("/data/seq").asString()).isEqualTo(Long.toString(second));
      assertThat(sent(a)).as("pushed by node A, which stores bob's notifications").isEqualTo(1);
      assertThat(sent(b)).isZero();
      assertThat(a.ownedNotifications()).contains(TestCluster.partitionOf(bob));
    }
  }

  @Test
  void aDeadLetterOneNodeWroteIsReadAndDeletedThroughTheOther() throws Exception {
    try (var fcm = new FakeFcm();
        var cluster = new TestCluster()) {
      var s = bobStoredByA(startPushing(cluster, fcm), fcm, FakeFcm.Answer.invalidArgument());
      var a = s.a();
      var b = s.b();

      say(b, s.alice(), s.roomId(), "c-1", "refused by FCM");

      Waits.until(
          () -> !PushChecks.deadLettersOf(b.client(), s.bob()).isEmpty(),
          PATIENCE,
          "bob's dead letter on B");
      JsonNode letter = PushChecks.deadLettersOf(b.client(), s.bob()).getFirst();
      assertThat(letter.get("deviceId").asString()).isEqualTo("phone");
      assertThat(letter.get("lastError").asString()).contains("INVALID_ARGUMENT");
      assertThat(sent(b)).as("node A pushes bob's notifications, not B").isZero();

      var removed =
          b.client()
              .delete(
                  b.client().serviceToken("backend"),
                  PushChecks.DEAD_LETTERS + "/" + letter.get("id").asString());
      assertThat(removed.status()).as("%s", removed).isEqualTo(204);
      assertThat(PushChecks.deadLettersOf(a.client(), s.bob())).isEmpty();
    }
  }

  /**
   * Bob, whose notifications node A stores, with one phone that FCM first answers with {@code
   * answers}; Alice's group with him, made through node B.
   */
  private record Scene(
      TestCluster.Node a,
      TestCluster.Node b,
      String alice,
      String bob,
      String token,
      String roomId) {}

  private static Scene bobStoredByA(
      List<TestCluster.Node> nodes, FakeFcm fcm, FakeFcm.Answer... answers) {
    var a = nodes.get(0);
    var b = nodes.get(1);
    String alice = "alice-" + UUID.randomUUID().toString().substring(0, 8);
    String bob = userStoredBy(a);
    String token = "fcm-" + UUID.randomUUID();
    fcm.script(token, answers);
    PushChecks.registerPhone(a.client(), bob, token);
    return new Scene(a, b, alice, bob, token, b.group(alice, bob));
  }

  /** Two nodes pushing to {@code fcm}, each owning its share of both topics' partitions. */
  private static List<TestCluster.Node> startPushing(TestCluster cluster, FakeFcm fcm)
      throws Exception {
    Path keys = TempDirs.deletedAtExit("dugout-cluster-push-");
    String[] push = {
      "--dugout.push.fcm.service-account-file=" + fcm.serviceAccount(keys),
      "--dugout.push.fcm.api-url=" + fcm.url()
    };
    var nodes = List.of(cluster.start(push), cluster.start(push));
    cluster.awaitBalanced();
    cluster.awaitNotificationsBalanced();
    return nodes;
  }

  /** A new user whose notifications the given node stores (it owns the user's partition). */
  private static String userStoredBy(TestCluster.Node node) {
    for (int i = 0; i < 200; i++) {
      String user = "bob-" + UUID.randomUUID().toString().substring(0, 8);
      if (node.ownedNotifications().contains(TestCluster.partitionOf(user))) {
        return user;
      }
    }
    throw new AssertionError("no user whose partition the node owns");
  }

  private static long say(
      TestCluster.Node node, String user, String roomId, String clientMsgId, String content) {
    var sent =
        node.client()
            .postJson(
                node.client().token(user),
                "/api/v1/rooms/" + roomId + "/messages",
                Map.of("clientMsgId", clientMsgId, "kind", "TEXT", "content", content));
    assertThat(sent.status()).as("%s", sent).isEqualTo(201);
    return sent.number("seq");
  }

  private static Presence presence(TestCluster.Node node) {
    return node.context().getBean(Presence.class);
  }

  private static double depth(TestCluster.Node node) {
    return meters(node).get("dugout.push.queue.depth").gauge().value();
  }

  private static double sent(TestCluster.Node node) {
    return meters(node).get("dugout.push.sent").tag("provider", "fcm").counter().count();
  }

  private static MeterRegistry meters(TestCluster.Node node) {
    return node.context().getBean(MeterRegistry.class);
  }
}
