package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.ClientPath;
import io.dugout.Waits;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Notifications on {@code /user/queue/notifications}, and the ones chat messages make for members
 * who are not looking at the room.
 */
@ClientPath.EveryPath
class NotificationDeliveryTests extends RealtimeTestBase {

  private static final String QUEUE = "/user/queue/notifications";
  private static final String PATH = "/api/v1/notifications";

  @Test
  void deliversASentNotificationToEveryOpenSessionOfItsUser() {
    String alice = user("alice");
    var phone = connect(alice);
    var laptop = connect(alice);
    phone.subscribeAndWait("n", QUEUE);
    laptop.subscribeAndWait("n-2", QUEUE);

    String id = send(alice, Map.of("itemId", "bat-7"));

    for (var session : Map.of(phone, "n", laptop, "n-2").entrySet()) {
      var frame = session.getKey().await(f -> f.command().equals("MESSAGE"));
      assertThat(frame.header("destination")).isEqualTo(QUEUE);
      assertThat(frame.header("subscription")).isEqualTo(session.getValue());
      var body = json(frame);
      assertThat(body.get("type").asString()).isEqualTo("notification");
      assertThat(body.get("id").asString()).isEqualTo(id);
      assertThat(body.get("kind").asString()).isEqualTo("trade.offer");
      assertThat(body.get("title").asString()).isEqualTo("New offer");
      assertThat(body.get("body").asString()).isEqualTo("12 EUR");
      assertThat(body.get("data").get("itemId").asString()).isEqualTo("bat-7");
      assertThat(body.get("count").asInt()).isEqualTo(1);
      assertThat(body.get("createdAt").asString()).endsWith("Z");
      assertThat(body.get("readAt").isNull()).isTrue();
    }
  }

  @Test
  void neverDeliversOneUsersNotificationToAnother() {
    String alice = user("alice");
    String bob = user("bob");
    var bobs = connect(bob);
    bobs.subscribeAndWait("n", QUEUE);
    send(alice, null);
    // why: had alice's been queued for bob, it would have been queued before his own
    String his = send(bob, null);
    assertThat(json(bobs.await(f -> f.command().equals("MESSAGE"))).get("id").asString())
        .isEqualTo(his);
  }

  @Test
  void notifiesMembersWhoAreNotViewingTheRoomButNotTheSenderOrAViewer() {
    String alice = user("alice");
    String viewer = user("viewer");
    String away = user("away");
    String room = group(token(alice), "Pitch", viewer, away);
    var viewing = connect(viewer);
    viewing.subscribeAndWait("r", "/topic/rooms." + room);
    var online = connect(away);
    online.subscribeAndWait("n", QUEUE);

    say(token(alice), room, "c-1", "kick-off at 10");

    var live = json(online.await(f -> f.command().equals("MESSAGE")));
    assertThat(live.get("kind").asString()).isEqualTo("chat.message");
    assertThat(live.get("title").asString()).isEqualTo("Pitch");
    assertThat(live.get("body").asString()).isEqualTo("kick-off at 10");
    assertMessageData(live, room, 1, alice);
    assertThat(live.get("count").asInt()).isEqualTo(1);
    assertThat(list(away).get("unreadCount").asLong()).isEqualTo(1);
    chatNotifierCaughtUp();
    assertThat(list(viewer).get("notifications")).isEmpty();
    assertThat(list(alice).get("notifications")).isEmpty();
  }

  @Test
  void everyAbsentMemberGetsANotificationOfTheirOwnWithTheMessagesData() {
    String alice = user("alice");
    String bob = user("bob");
    String carol = user("carol");
    String room = group(token(alice), "Pitch", bob, carol);

    say(token(alice), room, "c-1", "kick-off at 10");

    Waits.until(
        () ->
            list(bob).get("notifications").size() == 1
                && list(carol).get("notifications").size() == 1,
        Duration.ofSeconds(10),
        "bob's and carol's notifications");
    var bobs = list(bob).get("notifications").get(0);
    var carols = list(carol).get("notifications").get(0);
    assertThat(bobs.get("id").asString()).isNotEqualTo(carols.get("id").asString());
    for (var each : List.of(bobs, carols)) {
      assertThat(each.get("body").asString()).isEqualTo("kick-off at 10");
      assertMessageData(each, room, 1, alice);
    }
  }

  @Test
  void collapsesAMembersChatNotificationsIntoOnePerRoomThatComesBackUnread() {
    String alice = user("alice");
    String bob = user("bob");
    String room = group(token(alice), "Pitch", bob);
    String other = group(token(alice), "Bench", bob);
    say(token(alice), room, "c-1", "first");
    say(token(alice), room, "c-2", "second");
    say(token(alice), other, "c-1", "elsewhere");

    Waits.until(
        () -> list(bob).get("notifications").size() == 2,
        Duration.ofSeconds(10),
        "bob's notifications of both rooms");
    var page = list(bob);
    assertThat(page.get("unreadCount").asLong()).isEqualTo(2);
    var pitch = page.get("notifications").get(1);
    assertThat(pitch.get("title").asString()).isEqualTo("Pitch");
    assertThat(pitch.get("count").asInt()).isEqualTo(2);
    assertThat(pitch.get("body").asString()).isEqualTo("second");
    assertThat(pitch.get("data").get("seq").asLong()).isEqualTo(2);
    String id = pitch.get("id").asString();
    post(token(bob), PATH + "/read", "{\"all\":true}");

    say(token(alice), room, "c-3", "third");

    Waits.until(
        () -> list(bob).get("unreadCount").asLong() == 1,
        Duration.ofSeconds(10),
        "the Pitch notification unread again");
    var again = list(bob).get("notifications");
    assertThat(again).hasSize(2);
    assertThat(again.get(0).get("id").asString()).isEqualTo(id);
    assertThat(again.get(0).get("count").asInt()).isEqualTo(3);
    assertThat(again.get(0).get("body").asString()).isEqualTo("third");
    assertThat(again.get(0).get("readAt").isNull()).isTrue();
  }

  @Test
  void notifiesNoMemberWhoMutedTheRoomAndAgainOnceUnmuted() {
    String alice = user("alice");
    String bob = user("bob");
    String room = group(token(alice), "Pitch", bob);
    String mute = "/api/v1/rooms/" + room + "/mute";

    var muted = client.send("PUT", token(bob), mute, null);
    assertThat(muted.status()).as("%s", muted).isEqualTo(200);
    assertThat(muted.json().get("muted").asBoolean()).isTrue();
    assertThat(get(token(bob), "/api/v1/rooms/" + room).get("muted").asBoolean()).isTrue();
    say(token(alice), room, "c-1", "while muted");
    chatNotifierCaughtUp();
    assertThat(list(bob).get("notifications")).isEmpty();

    var unmuted = client.delete(token(bob), mute);
    assertThat(unmuted.status()).as("%s", unmuted).isEqualTo(200);
    assertThat(unmuted.json().get("muted").asBoolean()).isFalse();
    say(token(alice), room, "c-2", "after unmuting");

    Waits.until(
        () -> list(bob).get("notifications").size() == 1,
        Duration.ofSeconds(10),
        "bob's notification after unmuting");
    assertThat(list(bob).get("notifications").get(0).get("body").asString())
        .isEqualTo("after unmuting");
  }

  @Test
  void mutingIsOnlyForMembersAndServiceTokens() {
    String alice = user("alice");
    String bob = user("bob");
    String stranger = user("stranger");
    String room = group(token(alice), "Pitch", bob);
    String mute = "/api/v1/rooms/" + room + "/mute";

    assertThat(client.send("PUT", token(stranger), mute, null).status()).isEqualTo(403);
    assertThat(client.send("PUT", token(alice), mute + "?userId=" + bob, null).status())
        .isEqualTo(403);
    assertThat(client.send("PUT", token(alice), "/api/v1/rooms/nope/mute", null).status())
        .isEqualTo(404);
    var forBob = client.send("PUT", client.serviceToken("backend"), mute + "?userId=" + bob, null);
    assertThat(forBob.status()).as("%s", forBob).isEqualTo(200);
    assertThat(forBob.json().get("userId").asString()).isEqualTo(bob);
    assertThat(forBob.json().get("muted").asBoolean()).isTrue();
    var notMember =
        client.send("PUT", client.serviceToken("backend"), mute + "?userId=" + stranger, null);
    assertThat(notMember.status()).isEqualTo(404);
  }

  /**
   * The chat notifier takes stored messages one at a time, in order: once a message posted now has
   * made its notification, every earlier message has made all of its own.
   */
  private void chatNotifierCaughtUp() {
    String poster = user("poster");
    String witness = user("witness");
    String room = group(token(poster), "marker", witness);
    say(token(poster), room, "c-1", "marker");
    Waits.until(
        () -> list(witness).get("notifications").size() == 1,
        Duration.ofSeconds(10),
        "the marker message's notification");
  }

  /** A chat notification's data names the message: its room, seq and sender. */
  private static void assertMessageData(JsonNode notification, String roomId, long seq, String by) {
    var data = notification.get("data");
    assertThat(data.get("roomId").asString()).isEqualTo(roomId);
    assertThat(data.get("seq").asLong()).isEqualTo(seq);
    assertThat(data.get("senderId").asString()).isEqualTo(by);
  }

  private JsonNode list(String userId) {
    return get(token(userId), PATH);
  }

  private String send(String userId, Map<String, String> data) {
    var body =
        new java.util.HashMap<String, Object>(
            Map.of(
                "userIds", List.of(userId),
                "kind", "trade.offer",
                "title", "New offer",
                "body", "12 EUR"));
    if (data != null) {
      body.put("data", data);
    }
    var sent = client.postJson(client.serviceToken("backend"), PATH, body);
    assertThat(sent.status()).as("%s", sent).isEqualTo(201);
    return sent.json().get("ids").get(0).asString();
  }
}
