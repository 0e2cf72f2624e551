package io.dugout.message;

import static io.dugout.api.ApiAssertions.assertInvalid;
import static io.dugout.api.ApiAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.ApiResponse;
import io.dugout.api.ApiTest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Edits, deletes, reactions, replies and mentions over real HTTP: each change an entry of the
 * room's log, replayed by {@code after}, with history and room lists showing messages as they are
 * now, and rights decided by who the caller is.
 *
 * <p>Over 300 lines: the changes share one set of rules (the log, retries, rights, counts), and
 * these tests check them against each other on one server, the way a client meets them.
 */
class MessageChangeApiTests extends ApiTest {

  @Test
  void anEditChangesTheMessageAtItsSeqAndIsAnEntryOfTheLog() {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    String roomId = group(aliceToken, "t", bob);
    say(aliceToken, roomId, "c-1", "10 EUR");
    say(client.token(bob), roomId, "c-2", "ok");

    var edited =
        client
            .send(
                "PATCH",
                aliceToken,
                message(roomId, 1),
                "{\"clientMsgId\":\"e-1\",\"content\":\"12 EUR\"}")
            .snippet("messages-edit");

    assertThat(edited.status()).isEqualTo(200);
    assertThat(edited.number("seq")).isEqualTo(1);
    assertThat(edited.text("content")).isEqualTo("12 EUR");
    assertThat(edited.text("editedAt")).endsWith("Z");
    assertThat(edited.number("changedSeq")).isEqualTo(3);
    var history = page(aliceToken, roomId, "");
    assertThat(history).extracting(m -> m.get("seq").asLong()).containsExactly(3L, 2L, 1L);
    assertThat(history.get(0).get("change").asString()).isEqualTo("message.edited");
    assertThat(history.get(0).get("targetSeq").asLong()).isEqualTo(1);
    assertThat(history.get(0).has("target")).as("the page holds message 1 as it is now").isFalse();
    assertThat(history.get(0).has("content")).isFalse();
    assertThat(history.get(2).get("content").asString()).isEqualTo("12 EUR");
    var replay = page(aliceToken, roomId, "?after=2");
    assertThat(replay).hasSize(1);
    assertThat(replay.get(0).get("change").asString()).isEqualTo("message.edited");
    assertThat(replay.get(0).get("target").get("content").asString()).isEqualTo("12 EUR");
  }

  @Test
  void aPageReadBackwardLeavesOutItsChangesButKeepsItsEnds() {
    String aliceToken = client.token(user("alice"));
    String bob = user("bob");
    String bobToken = client.token(bob);
    String roomId = group(aliceToken, "t", bob);
    say(aliceToken, roomId, "c-1", "one");
    say(aliceToken, roomId, "c-2", "two");
    client.send("PUT", bobToken, reaction(roomId, 1, "👍"), null); // 3
    client.send("PUT", bobToken, reaction(roomId, 2, "👍"), null); // 4
    client.send("PUT", aliceToken, reaction(roomId, 2, "🎉"), null); // 5
    client.send("PUT", aliceToken, reaction(roomId, 2, "🔥"), null); // 6

    var newest = page(bobToken, roomId, "?limit=5");
    var older = page(bobToken, roomId, "?before=4");
    var entered = client.post(bobToken, "/api/v1/rooms/" + roomId + "/enter", null).json();
    var replay = page(bobToken, roomId, "?after=0");

    assertThat(newest)
        .as(
            "6 and 2 mark the range; 5 and 4 change message 2, which the page shows as it is;"
                + " 3 changes message 1, older, which the next page shows as it is")
        .extracting(m -> m.get("seq").asLong())
        .containsExactly(6L, 2L);
    assertThat(newest.get(0).has("target")).isFalse();
    assertThat(newest.get(1).get("reactions").toString()).contains("👍", "🎉", "🔥");
    assertThat(older)
        .as("3's target, message 1, is in the page, but 3 is the page's newest end")
        .extracting(m -> m.get("seq").asLong())
        .containsExactly(3L, 2L, 1L);
    assertThat(older.get(0).has("target")).isFalse();
    assertThat(older.get(2).get("reactions").toString()).contains("👍");
    assertThat(entered.get("messages").findValues("seq"))
        .extracting(JsonNode::asLong)
        .containsExactly(6L, 2L, 1L);
    assertThat(replay)
        .as("read forward, every entry: a client checks that seqs follow each other")
        .extracting(m -> m.get("seq").asLong())
        .containsExactly(6L, 5L, 4L, 3L, 2L, 1L);
  }

  @Test
  void aRepeatedChangeAnswersTheOriginalAndAddsNothing() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    say(token, roomId, "c-1", "helo");
    String body = "{\"clientMsgId\":\"e-1\",\"content\":\"hello\"}";

    var first = client.send("PATCH", token, message(roomId, 1), body);
    var again = client.send("PATCH", token, message(roomId, 1), body);

    assertThat(again.json()).isEqualTo(first.json());
    assertThat(page(token, roomId, "")).hasSize(2);
  }

  @Test
  void onlyTheSenderEditsAndOnlyTextWithinTheWindow() {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    String bobToken = client.token(bob);
    String roomId = group(aliceToken, "t", bob);
    say(aliceToken, roomId, "c-1", "mine");

    assertProblem(
        client.send(
            "PATCH", bobToken, message(roomId, 1), "{\"clientMsgId\":\"e\",\"content\":\"x\"}"),
        403,
        "forbidden");
    assertProblem(
        client.send(
            "PATCH", aliceToken, message(roomId, 99), "{\"clientMsgId\":\"e\",\"content\":\"x\"}"),
        404,
        "not_found");
    assertInvalid(
        client.send(
            "PATCH", aliceToken, message(roomId, 1), "{\"clientMsgId\":\"e\",\"content\":\" \"}"),
        "content");
    var byService =
        client.send(
            "PATCH",
            client.serviceToken("backend"),
            message(roomId, 1),
            "{\"clientMsgId\":\"e-s\",\"content\":\"[removed by moderation]\"}");
    assertThat(byService.text("content")).isEqualTo("[removed by moderation]");
    String outsider = client.token(user("mallory"));
    assertProblem(
        client.send(
            "PATCH", outsider, message(roomId, 1), "{\"clientMsgId\":\"e\",\"content\":\"x\"}"),
        403,
        "forbidden");
  }

  @Test
  void aDeleteLeavesATombstoneThatTheOwnerOrTheSenderMayMake() {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    String bobToken = client.token(bob);
    String roomId = group(aliceToken, "t", bob);
    say(bobToken, roomId, "c-1", "spam");
    say(aliceToken, roomId, "c-2", "mine");

    assertProblem(client.delete(bobToken, message(roomId, 2)), 403, "forbidden");
    var byOwner = client.delete(aliceToken, message(roomId, 1)).snippet("messages-delete");

    assertThat(byOwner.status()).isEqualTo(200);
    assertThat(byOwner.json().get("deleted").asBoolean()).isTrue();
    assertThat(byOwner.text("deletedBy")).isEqualTo(alice);
    assertThat(byOwner.text("content")).isEmpty();
    assertThat(byOwner.text("deletedAt")).endsWith("Z");
    var history = page(bobToken, roomId, "");
    assertThat(history.get(0).get("change").asString()).isEqualTo("message.deleted");
    assertThat(history.get(2).get("deleted").asBoolean()).isTrue();
    assertThat(history.toString()).doesNotContain("spam");
    assertThat(client.delete(bobToken, message(roomId, 1)).json())
        .as("deleting again changes nothing and answers the tombstone")
        .isEqualTo(byOwner.json());
    assertThat(page(bobToken, roomId, "")).hasSize(3);
    assertProblem(
        client.send(
            "PATCH", bobToken, message(roomId, 1), "{\"clientMsgId\":\"e\",\"content\":\"x\"}"),
        409,
        "conflict");
  }

  @Test
  void reactionsAreAddedOnceAndRemovedWithASummaryOfWhoReacted() {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    String bobToken = client.token(bob);
    String roomId = group(aliceToken, "t", bob);
    say(aliceToken, roomId, "c-1", "deal");

    var added =
        client.send("PUT", bobToken, reaction(roomId, 1, "👍"), null).snippet("reactions-put");
    client.send("PUT", bobToken, reaction(roomId, 1, "👍"), null);
    client.send("PUT", aliceToken, reaction(roomId, 1, "👍"), null);
    var both = client.send("PUT", aliceToken, reaction(roomId, 1, "🎉"), null);

    assertThat(added.status()).isEqualTo(200);
    assertThat(added.json().get("reactions").get(0).get("count").asLong()).isEqualTo(1);
    assertThat(both.json().get("reactions").toString())
        .isEqualTo(
            "[{\"emoji\":\"👍\",\"count\":2,\"users\":[\""
                + bob
                + "\",\""
                + alice
                + "\"]},{\"emoji\":\"🎉\",\"count\":1,\"users\":[\""
                + alice
                + "\"]}]");
    var removed = client.delete(bobToken, reaction(roomId, 1, "👍"));
    assertThat(removed.json().get("reactions").get(0).get("users").toString())
        .isEqualTo("[\"" + alice + "\"]");
    var log = page(aliceToken, roomId, "?after=0");
    assertThat(log)
        .extracting(m -> m.get("change") == null ? "message" : m.get("change").asString())
        .containsExactly(
            "reaction.removed", "reaction.added", "reaction.added", "reaction.added", "message");
    var history = page(aliceToken, roomId, "");
    assertThat(history)
        .as("read backward, the page's newest end and the message as it is now")
        .extracting(m -> m.get("change") == null ? "message" : m.get("change").asString())
        .containsExactly("reaction.removed", "message");
    assertThat(history.getLast().get("reactions").size()).isEqualTo(2);
    assertInvalid(client.send("PUT", bobToken, reaction(roomId, 1, "lol"), null), "emoji");
    assertProblem(
        client.send("PUT", client.token(user("mallory")), reaction(roomId, 1, "👍"), null),
        403,
        "forbidden");
  }

  @Test
  void aReplyCarriesAPreviewOfItsTargetAsItIsNow() {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    String bobToken = client.token(bob);
    String roomId = group(aliceToken, "t", bob);
    say(aliceToken, roomId, "c-1", "is the glove still there?");

    var reply =
        client
            .postJson(
                bobToken,
                messages(roomId),
                Map.of("clientMsgId", "c-2", "kind", "TEXT", "content", "yes", "replyTo", 1))
            .snippet("messages-post-reply");

    assertThat(reply.status()).isEqualTo(201);
    assertThat(reply.number("replyTo")).isEqualTo(1);
    assertThat(reply.json().get("reply").get("content").asString())
        .isEqualTo("is the glove still there?");
    assertThat(reply.json().get("reply").get("senderId").asString()).isEqualTo(alice);
    client.delete(aliceToken, message(roomId, 1));
    var inHistory = page(bobToken, roomId, "").get(1);
    assertThat(inHistory.get("seq").asLong()).isEqualTo(2);
    assertThat(inHistory.get("reply").get("deleted").asBoolean()).isTrue();
    assertThat(inHistory.get("reply").get("content").asString()).isEmpty();
    assertInvalid(
        client.postJson(
            bobToken,
            messages(roomId),
            Map.of("clientMsgId", "c-3", "kind", "TEXT", "content", "?", "replyTo", 99)),
        "replyTo");
    assertInvalid(
        client.postJson(
            bobToken,
            messages(roomId),
            Map.of("clientMsgId", "c-4", "kind", "TEXT", "content", "?", "replyTo", 3)),
        "replyTo");
  }

  @Test
  void mentionsNameMembersAndCountUntilRead() {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    String bobToken = client.token(bob);
    String roomId = group(aliceToken, "t", bob);
    client.send("PUT", bobToken, "/api/v1/rooms/" + roomId + "/mute", null);

    var posted =
        client.postJson(
            aliceToken,
            messages(roomId),
            Map.of(
                "clientMsgId",
                "c-1",
                "kind",
                "TEXT",
                "content",
                "@bob?",
                "mentions",
                List.of(bob)));
    say(aliceToken, roomId, "c-2", "hello?");

    assertThat(posted.json().get("mentions").toString()).isEqualTo("[\"" + bob + "\"]");
    // why: bob muted the room, and still a mention notifies him (off the send path)
    io.dugout.Waits.until(
        () -> !client.get(bobToken, "/api/v1/notifications").json().get("notifications").isEmpty(),
        java.time.Duration.ofSeconds(10),
        "bob's notification of the mention");
    JsonNode room = roomOf(bobToken, roomId);
    assertThat(room.get("unreadCount").asLong()).isEqualTo(2);
    assertThat(room.get("mentionCount").asLong()).isEqualTo(1);
    var read = client.postJson(bobToken, "/api/v1/rooms/" + roomId + "/read", Map.of("seq", 1));
    assertThat(read.number("mentionCount")).isZero();
    assertThat(read.number("unreadCount")).isEqualTo(1);
    assertInvalid(
        client.postJson(
            aliceToken,
            messages(roomId),
            Map.of(
                "clientMsgId",
                "c-3",
                "kind",
                "TEXT",
                "content",
                "x",
                "mentions",
                List.of(user("z")))),
        "mentions");
    String carol = user("carol");
    client.postJson(aliceToken, "/api/v1/rooms/" + roomId + "/members", Map.of("userId", carol));
    client.send("PUT", client.token(carol), "/api/v1/rooms/" + roomId + "/mute", null);
    say(aliceToken, roomId, "c-9", "nobody is mentioned");
    say(bobToken, roomId, "c-10", "flush the queue");
    io.dugout.Waits.until(
        () ->
            client.get(aliceToken, "/api/v1/notifications").json().get("notifications").size() > 0,
        java.time.Duration.ofSeconds(10),
        "alice's notification of bob's message");
    assertThat(client.get(client.token(carol), "/api/v1/notifications").json().get("notifications"))
        .as("a muted member who is not mentioned hears nothing")
        .isEmpty();
  }

  @Test
  void changesNeverMakeARoomUnreadAndTheListShowsTheLastMessageAsItIsNow() {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    String bobToken = client.token(bob);
    String roomId = group(aliceToken, "t", bob);
    say(aliceToken, roomId, "c-1", "one");
    say(aliceToken, roomId, "c-2", "two");
    client.postJson(bobToken, "/api/v1/rooms/" + roomId + "/read", Map.of("seq", 2));

    client.send(
        "PATCH", aliceToken, message(roomId, 2), "{\"clientMsgId\":\"e\",\"content\":\"2\"}");
    client.send("PUT", aliceToken, reaction(roomId, 1, "🔥"), null);
    client.delete(aliceToken, message(roomId, 1));

    JsonNode room = roomOf(bobToken, roomId);
    assertThat(room.get("unreadCount").asLong()).isZero();
    assertThat(room.get("lastSeq").asLong()).isEqualTo(5);
    assertThat(room.get("lastMessage").get("seq").asLong()).isEqualTo(2);
    assertThat(room.get("lastMessage").get("content").asString()).isEqualTo("2");
    var entered = client.post(bobToken, "/api/v1/rooms/" + roomId + "/enter", null).json();
    assertThat(entered.get("room").get("lastMessage").get("content").asString()).isEqualTo("2");
    assertThat(entered.get("room").get("unreadCount").asLong()).isZero();
    say(aliceToken, roomId, "c-3", "three");
    assertThat(roomOf(bobToken, roomId).get("unreadCount").asLong()).isEqualTo(1);
    var read = client.postJson(bobToken, "/api/v1/rooms/" + roomId + "/read", Map.of("seq", 4));
    assertThat(read.number("unreadCount"))
        .as("read up to a change: one message after it")
        .isEqualTo(1);
  }

  @Test
  void aMemberWhoLeftCanNoLongerEditReactOrDelete() {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    String bobToken = client.token(bob);
    String roomId = group(aliceToken, "t", bob);
    say(bobToken, roomId, "c-1", "mine");
    assertThat(client.delete(bobToken, "/api/v1/rooms/" + roomId + "/members/" + bob).status())
        .isEqualTo(204);

    assertProblem(
        client.send(
            "PATCH", bobToken, message(roomId, 1), "{\"clientMsgId\":\"e\",\"content\":\"x\"}"),
        403,
        "forbidden");
    assertProblem(client.send("PUT", bobToken, reaction(roomId, 1, "👍"), null), 403, "forbidden");
    assertProblem(client.delete(bobToken, message(roomId, 1)), 403, "forbidden");
  }

  @Test
  void unreadCountsStayExactWhileMessagesAndChangesArriveAtOnce() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    String carol = user("carol");
    String aliceToken = client.token(alice);
    String bobToken = client.token(bob);
    String carolToken = client.token(carol);
    String roomId = group(aliceToken, "t", bob, carol);
    say(aliceToken, roomId, "c-0", "first");
    try (var senders = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
      for (String token : List.of(aliceToken, carolToken)) {
        senders.submit(
            () -> {
              for (int i = 1; i <= 20; i++) {
                say(token, roomId, "c-" + i, "m" + i);
                client.send("PUT", token, reaction(roomId, 1, i % 2 == 0 ? "👍" : "🎉"), null);
              }
            });
      }
    }

    assertThat(roomOf(bobToken, roomId).get("unreadCount").asLong()).isEqualTo(41);
    var log = page(aliceToken, roomId, "?limit=100");
    long newest = log.getFirst().get("ordinal").asLong();
    long alicesLast =
        log.stream()
            .filter(e -> !e.has("change") && e.get("senderId").asString().equals(alice))
            .mapToLong(e -> e.get("ordinal").asLong())
            .max()
            .orElseThrow();
    assertThat(newest).as("messages, not changes, are counted").isEqualTo(41);
    assertThat(roomOf(aliceToken, roomId).get("unreadCount").asLong())
        .as("alice has read up to her own newest message; carol's after it are unread")
        .isEqualTo(newest - alicesLast);
    var read =
        client.postJson(
            bobToken,
            "/api/v1/rooms/" + roomId + "/read",
            Map.of("seq", roomOf(bobToken, roomId).get("lastSeq").asLong()));
    assertThat(read.number("unreadCount")).isZero();
  }

  private JsonNode roomOf(String token, String roomId) {
    for (JsonNode room : client.get(token, "/api/v1/rooms").json().get("rooms")) {
      if (room.get("id").asString().equals(roomId)) {
        return room;
      }
    }
    throw new AssertionError("no room " + roomId + " in the list");
  }

  private List<JsonNode> page(String token, String roomId, String query) {
    ApiResponse response = client.get(token, messages(roomId) + query);
    assertThat(response.status()).as("history of %s", response).isEqualTo(200);
    var entries = new ArrayList<JsonNode>();
    response.json().get("messages").forEach(entries::add);
    return entries;
  }

  private static String messages(String roomId) {
    return "/api/v1/rooms/" + roomId + "/messages";
  }

  private static String message(String roomId, long seq) {
    return messages(roomId) + "/" + seq;
  }

  private static String reaction(String roomId, long seq, String emoji) {
    return message(roomId, seq) + "/reactions/" + URLEncoder.encode(emoji, StandardCharsets.UTF_8);
  }
}
