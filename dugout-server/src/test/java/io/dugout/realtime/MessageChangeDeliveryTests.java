package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Edits, deletes and reactions over STOMP: receipted once durable, delivered live to the room in
 * seq order with their target as it is now, and replayed by {@code since-seq} with the messages, so
 * a client that resumes after missing changes gets exactly those.
 */
@io.dugout.ClientPath.EveryPath
class MessageChangeDeliveryTests extends RealtimeTestBase {

  @Test
  void changesSentOverStompAreReceiptedAndDeliveredLiveInOrder() {
    String room = groupOf("alice", "bob");
    post(token("alice"), messages(room), text("m1", "10 EUR"));
    var bob = connect("bob");
    bob.subscribeAndWait("b", "/topic/rooms." + room, "since-seq", "1");
    var alice = connect("alice");

    alice.sendJson(
        app(room, "edit"), "{\"clientMsgId\":\"e1\",\"seq\":1,\"content\":\"12 EUR\"}", "r1");
    alice.awaitReceipt("r1");
    bob.sendJson(app(room, "react"), "{\"clientMsgId\":\"x1\",\"seq\":1,\"emoji\":\"👍\"}", "r2");
    bob.awaitReceipt("r2");
    bob.sendJson(app(room, "unreact"), "{\"clientMsgId\":\"x2\",\"seq\":1,\"emoji\":\"👍\"}", "r3");
    bob.awaitReceipt("r3");
    alice.sendJson(app(room, "delete"), "{\"clientMsgId\":\"d1\",\"seq\":1}", "r4");
    alice.awaitReceipt("r4");

    var entries = entries(bob, 4);
    assertThat(entries)
        .extracting(e -> e.get("type").asString())
        .containsExactly("message.edited", "reaction.added", "reaction.removed", "message.deleted");
    assertThat(entries).extracting(e -> e.get("seq").asLong()).containsExactly(2L, 3L, 4L, 5L);
    assertThat(entries.get(0).get("target").get("content").asString()).isEqualTo("12 EUR");
    assertThat(entries.get(1).get("target").get("reactions").get(0).get("users").get(0).asString())
        .isEqualTo("bob");
    assertThat(entries.get(2).get("target").has("reactions")).isFalse();
    assertThat(entries.get(3).get("target").get("deleted").asBoolean()).isTrue();
    assertThat(entries.get(3).toString()).doesNotContain("EUR");
  }

  @Test
  void aClientThatResumesGetsExactlyTheChangesItMissedThenLiveOnes() {
    String room = groupOf("alice", "bob");
    String alice = token("alice");
    String bob = token("bob");
    post(alice, messages(room), text("m1", "one"));
    post(alice, messages(room), text("m2", "two"));
    // bob was here up to seq 2, then away while these happened
    client.send(
        "PATCH", alice, messages(room) + "/1", "{\"clientMsgId\":\"e1\",\"content\":\"uno\"}");
    client.send("DELETE", alice, messages(room) + "/2?clientMsgId=d1", null);
    client.send("PUT", bob, messages(room) + "/1/reactions/%F0%9F%91%8D", null);
    client.send("PUT", alice, messages(room) + "/1/reactions/%F0%9F%91%8D", null);

    var back = connect("bob");
    back.subscribeAndWait("b", "/topic/rooms." + room, "since-seq", "2");
    post(alice, messages(room), text("m3", "three"));

    var entries = entries(back, 5);
    assertThat(entries)
        .extracting(e -> e.get("type").asString())
        .containsExactly(
            "message.edited", "message.deleted", "reaction.added", "reaction.added", "message");
    assertThat(entries).extracting(e -> e.get("seq").asLong()).containsExactly(3L, 4L, 5L, 6L, 7L);
    // why: a replayed change carries its target as it is now, not as it was then
    assertThat(entries.get(0).get("target").get("reactions").get(0).get("count").asLong())
        .isEqualTo(2);
    assertThat(entries.get(4).get("ordinal").asLong()).isEqualTo(3);
  }

  @Test
  void aChangeTheSenderMayNotMakeIsAnErrorOnItsQueueAndTheSessionStays() {
    String room = groupOf("alice", "bob");
    post(token("alice"), messages(room), text("m1", "mine"));
    var bob = connect("bob");
    bob.subscribeAndWait("e", "/user/queue/errors");

    bob.sendJson(
        app(room, "edit"), "{\"clientMsgId\":\"e1\",\"seq\":1,\"content\":\"ours\"}", "r1");
    var error = json(bob.await(f -> f.command().equals("MESSAGE") && f.body().contains("error")));
    bob.sendJson(app(room, "react"), "{\"clientMsgId\":\"x1\",\"seq\":1,\"emoji\":\"abc\"}", "r2");
    var invalid = json(bob.await(f -> f.command().equals("MESSAGE") && f.body().contains("error")));
    bob.sendJson(app(room, "delete"), "{\"clientMsgId\":\"d1\"}", "r3");
    var noSeq = json(bob.await(f -> f.command().equals("MESSAGE") && f.body().contains("error")));

    assertThat(error.get("code").asString()).isEqualTo("forbidden");
    assertThat(error.get("receipt").asString()).isEqualTo("r1");
    assertThat(invalid.get("code").asString()).isEqualTo("validation");
    assertThat(invalid.get("field").asString()).isEqualTo("emoji");
    assertThat(noSeq.get("field").asString()).isEqualTo("seq");
    bob.sendJson(app(room, "react"), "{\"clientMsgId\":\"x2\",\"seq\":1,\"emoji\":\"🙂\"}", "r4");
    bob.awaitReceipt("r4");
  }

  @Test
  void aReplayFullOfEmojiArrivesWholeOnEveryPath() {
    String room = groupOf("alice", "bob");
    String alice = token("alice");
    for (int i = 1; i <= 60; i++) {
      post(alice, messages(room), text("m" + i, "x".repeat(i % 3) + "👍".repeat(199)));
    }
    var bob = connect("bob");
    bob.subscribeAndWait("b", "/topic/rooms." + room, "since-seq", "0");

    assertThat(entries(bob, 60))
        .extracting(e -> e.get("content").asString())
        .allMatch(content -> content.endsWith("👍".repeat(199)));
  }

  private static List<JsonNode> entries(StompTestClient client, int count) {
    var entries = new ArrayList<JsonNode>();
    while (entries.size() < count) {
      var frame =
          client.await(
              f ->
                  f.command().equals("MESSAGE")
                      && (f.body().contains("\"type\":\"message")
                          || f.body().contains("\"type\":\"reaction.")));
      entries.add(json(frame));
    }
    return entries;
  }

  private static String messages(String room) {
    return "/api/v1/rooms/" + room + "/messages";
  }

  private static String app(String room, String action) {
    return "/app/rooms." + room + "." + action;
  }
}
