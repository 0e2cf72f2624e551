package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Badges pushed on {@code /user/queue/rooms}: every session of each member gets the room's new
 * unread and mention counts when a message, a read on another device or a mention changes them, so
 * no client recomputes one. Run on one node and, in the {@code cluster-storage-e2e} group, on a
 * cluster node (MongoDB, Redis, Kafka).
 */
class RoomCountsDeliveryTests extends RealtimeTestBase {

  private static final String ROOMS = "/user/queue/rooms";
  private static final Duration PATIENCE = Duration.ofSeconds(10);

  @Test
  void aMessageRaisesTheBadgeOnEverySessionOfAMemberAndZeroesTheSenders() {
    String alice = user("alice");
    String bob = user("bob");
    String room = group(token(alice), "Pitch", bob);
    var phone = roomsQueue(bob);
    var laptop = roomsQueue(bob);
    var alices = roomsQueue(alice);

    long seq = message(alice, room, "c-1", "kick-off at 10");

    for (var session : List.of(phone, laptop)) {
      var counts = nextCounts(session, room);
      assertThat(counts.get("lastSeq").asLong()).isEqualTo(seq);
      assertThat(counts.get("unreadCount").asLong()).isEqualTo(1);
      assertThat(counts.get("mentionCount").asLong()).isZero();
    }
    var own = nextCounts(alices, room);
    assertThat(own.get("lastSeq").asLong()).isEqualTo(seq);
    assertThat(own.get("unreadCount").asLong()).isZero();
  }

  @Test
  void readingOnOneSessionClearsTheBadgeOnTheOther() {
    String alice = user("alice");
    String bob = user("bob");
    String room = group(token(alice), "Pitch", bob);
    var phone = roomsQueue(bob);
    var laptop = roomsQueue(bob);
    message(alice, room, "c-1", "one");
    long last = message(alice, room, "c-2", "two");
    awaitCounts(laptop, room, c -> c.get("unreadCount").asLong() == 2);

    phone.sendJson("/app/rooms." + room + ".read", "{\"seq\":" + last + "}", "read-1");
    phone.awaitReceipt("read-1");

    for (var session : List.of(laptop, phone)) {
      var cleared = awaitCounts(session, room, c -> c.get("unreadCount").asLong() == 0);
      assertThat(cleared.get("lastSeq").asLong()).isEqualTo(last);
      assertThat(cleared.get("mentionCount").asLong()).isZero();
    }
    assertThat(get(token(bob), "/api/v1/rooms/" + room).get("unreadCount").asLong()).isZero();
  }

  @Test
  void aMentionRaisesTheMentionCountUntilRead() {
    String alice = user("alice");
    String bob = user("bob");
    String carol = user("carol");
    String room = group(token(alice), "Pitch", bob, carol);
    var bobs = roomsQueue(bob);
    var carols = roomsQueue(carol);

    long seq = message(alice, room, Map.of("clientMsgId", "c-1", "content", "@bob?"), List.of(bob));

    var mentioned = nextCounts(bobs, room);
    assertThat(mentioned.get("lastSeq").asLong()).isEqualTo(seq);
    assertThat(mentioned.get("unreadCount").asLong()).isEqualTo(1);
    assertThat(mentioned.get("mentionCount").asLong()).isEqualTo(1);
    var notMentioned = nextCounts(carols, room);
    assertThat(notMentioned.get("unreadCount").asLong()).isEqualTo(1);
    assertThat(notMentioned.get("mentionCount").asLong()).isZero();
    assertThat(get(token(bob), "/api/v1/rooms/" + room).get("mentionCount").asLong()).isEqualTo(1);

    post(token(bob), "/api/v1/rooms/" + room + "/read", "{\"seq\":" + seq + "}");

    var read = awaitCounts(bobs, room, c -> c.get("mentionCount").asLong() == 0);
    assertThat(read.get("unreadCount").asLong()).isZero();
  }

  @Test
  void changesToMessagesLeaveTheCountsAsTheyAre() {
    String alice = user("alice");
    String bob = user("bob");
    String room = group(token(alice), "Pitch", bob);
    var bobs = roomsQueue(bob);
    long first = message(alice, room, "c-1", "one");
    assertThat(nextCounts(bobs, room).get("lastSeq").asLong()).isEqualTo(first);

    var edited =
        client.send(
            "PATCH",
            token(alice),
            "/api/v1/rooms/" + room + "/messages/" + first,
            "{\"clientMsgId\":\"e-1\",\"content\":\"1\"}");
    assertThat(edited.status()).as("%s", edited).isLessThan(300);
    // why: long enough for the worker to have pushed the edit, had it taken it
    sleep(Duration.ofMillis(300));
    long second = message(alice, room, "c-2", "two");

    var next = nextCounts(bobs, room);
    assertThat(next.get("lastSeq").asLong()).isEqualTo(second);
    assertThat(next.get("unreadCount").asLong()).isEqualTo(2);
  }

  @Test
  void aMemberWhoJoinsIsToldFromTheNextMessageWithTheRoomListsCounts() {
    String alice = user("alice");
    String bob = user("bob");
    String carol = user("carol");
    String room = group(token(alice), "Pitch", bob);
    var bobs = roomsQueue(bob);
    var carols = roomsQueue(carol);
    message(alice, room, "c-1", "before carol");
    nextCounts(bobs, room);

    post(token(alice), "/api/v1/rooms/" + room + "/members", "{\"userId\":\"" + carol + "\"}");
    long seq = message(alice, room, "c-2", "welcome");

    var counts = awaitCounts(carols, room, c -> c.get("lastSeq").asLong() == seq);
    var listed = get(token(carol), "/api/v1/rooms/" + room);
    assertThat(counts.get("unreadCount").asLong())
        .isEqualTo(listed.get("unreadCount").asLong())
        .isPositive();
  }

  @Test
  void onlyTheRoomsMembersAreTold() {
    String alice = user("alice");
    String bob = user("bob");
    String stranger = user("stranger");
    String room = group(token(alice), "Pitch", bob);
    String marker = group(token(alice), "Marker", stranger);
    var strangers = roomsQueue(stranger);
    var bobs = roomsQueue(bob);

    message(alice, room, "c-1", "members only");
    nextCounts(bobs, room);
    message(alice, marker, "c-1", "for the stranger");

    // why: pushed in order by one worker, a push of the first room would have come first
    var first = json(strangers.await(f -> f.body().contains("room.counts"), PATIENCE));
    assertThat(first.get("roomId").asString()).isEqualTo(marker);
  }

  /** A session of the user subscribed to the user's rooms queue. */
  private StompTestClient roomsQueue(String userId) {
    var session = connect(userId);
    session.subscribeAndWait("rooms", ROOMS);
    return session;
  }

  /** The next {@code room.counts} of the room that the session got. */
  private static JsonNode nextCounts(StompTestClient session, String room) {
    return awaitCounts(session, room, counts -> true);
  }

  private static JsonNode awaitCounts(
      StompTestClient session, String room, java.util.function.Predicate<JsonNode> matching) {
    var frame =
        session.await(
            f -> {
              if (!f.command().equals("MESSAGE") || !f.body().contains("\"room.counts\"")) {
                return false;
              }
              var body = json(f);
              return body.get("roomId").asString().equals(room) && matching.test(body);
            },
            PATIENCE);
    assertThat(frame.header("destination")).isEqualTo(ROOMS);
    var body = json(frame);
    assertThat(body.get("type").asString()).isEqualTo("room.counts");
    assertThat(body.propertyNames())
        .containsExactlyInAnyOrder("type", "roomId", "lastSeq", "unreadCount", "mentionCount");
    return body;
  }

  private long message(String userId, String room, String clientMsgId, String content) {
    return message(userId, room, Map.of("clientMsgId", clientMsgId, "content", content), List.of());
  }

  private long message(
      String userId, String room, Map<String, String> fields, List<String> mentions) {
    var body = new java.util.HashMap<String, Object>(fields);
    body.put("kind", "TEXT");
    if (!mentions.isEmpty()) {
      body.put("mentions", mentions);
    }
    var posted = client.postJson(token(userId), "/api/v1/rooms/" + room + "/messages", body);
    assertThat(posted.status()).as("%s", posted).isLessThan(300);
    return posted.json().get("seq").asLong();
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
