package io.dugout.screen;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.message.MessageService;
import io.dugout.message.MessageStore;
import io.dugout.realtime.RealtimeTestBase;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The word filter refusing, end to end: sends and edits over REST and STOMP are refused with {@code
 * content_refused}, naming no word, and leave no gap in the room's seqs.
 */
class WordFilterApiTests extends RealtimeTestBase {

  @DynamicPropertySource
  static void filter(DynamicPropertyRegistry registry) {
    registry.add("dugout.screen.words", () -> "scam,wire me");
    registry.add("dugout.screen.patterns", () -> "\\d{3}-\\d{4}-\\d{4}");
    registry.add("dugout.screen.action", () -> "reject");
  }

  @Autowired MessageService messages;
  @Autowired MessageStore store;

  @Test
  void theFilterNeverWaitsSoSendsMayStillBeTriedOnTheEventLoop() {
    // why: the same answer as without a filter: only the storage decides it
    assertThat(messages.postsWithoutWaiting()).isEqualTo(store.triesWithoutWaiting());
  }

  @Test
  void aSendWithAFilteredWordIsRefusedAndLeavesNoGap() {
    String alice = token("alice");
    String room = groupOf("alice", "bob");
    say(alice, room, "c-1", "hello");

    var refused = say(alice, room, "c-2", "this is no SCAM, call 010-1234-5678");
    var next = say(alice, room, "c-3", "a scampi, please");

    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.text("code")).isEqualTo("content_refused");
    assertThat(refused.text("detail"))
        .isEqualTo(WordFilter.REASON)
        .doesNotContainIgnoringCase("scam");
    assertThat(next.status()).isEqualTo(201);
    assertThat(next.number("seq")).as("the refusal used no seq").isEqualTo(2);
  }

  @Test
  void anEditWithAFilteredWordIsRefusedAndTheMessageStaysAsItWas() {
    String alice = token("alice");
    String room = groupOf("alice", "bob");
    say(alice, room, "c-1", "hello");

    var refused =
        client.send(
            "PATCH",
            alice,
            "/api/v1/rooms/" + room + "/messages/1",
            "{\"clientMsgId\":\"e-1\",\"content\":\"total scam\"}");

    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.text("code")).isEqualTo("content_refused");
    var page = get(alice, "/api/v1/rooms/" + room + "/messages").get("messages");
    assertThat(page).hasSize(1);
    assertThat(page.get(0).get("content").asString()).isEqualTo("hello");
  }

  @Test
  void aRefusedSendOverStompIsAnErrorOnTheSendersQueueAndTheSessionStays() {
    String room = groupOf("alice", "bob");
    var alice = connect("alice");
    alice.subscribeAndWait("e", "/user/queue/errors");

    alice.sendJson("/app/rooms." + room + ".messages", text("s-1", "wire me the money"), "r1");
    var error = json(alice.await(f -> f.command().equals("MESSAGE") && f.body().contains("error")));
    alice.sendJson("/app/rooms." + room + ".messages", text("s-2", "hello"), "r2");
    alice.awaitReceipt("r2");

    assertThat(error.get("code").asString()).isEqualTo("content_refused");
    assertThat(error.get("receipt").asString()).isEqualTo("r1");
    var page = get(token("alice"), "/api/v1/rooms/" + room + "/messages").get("messages");
    assertThat(page).extracting(m -> m.get("seq").asLong()).containsExactly(1L);
  }
}
