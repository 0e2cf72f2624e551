package io.dugout.screen;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.ApiResponse;
import io.dugout.message.MessageService;
import io.dugout.realtime.RealtimeTestBase;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The before-send hook against a real backend on loopback ({@link HookServer}), failing open (the
 * default): what it is asked, signed how, and what each of its answers does to a send or an edit.
 */
class BeforeSendHookApiTests extends RealtimeTestBase {

  static final String SECRET = "hook-secret-0123456789abcdef";
  private static final HookServer HOOK = HookServer.start();

  @DynamicPropertySource
  static void hook(DynamicPropertyRegistry registry) {
    registry.add("dugout.hooks.before-send.url", () -> HOOK.url().toString());
    registry.add("dugout.hooks.before-send.secret", () -> SECRET);
    registry.add("dugout.hooks.before-send.timeout", () -> "300ms");
  }

  @AfterAll
  static void stopHook() {
    HOOK.close();
  }

  @Autowired MeterRegistry meters;
  @Autowired MessageService messages;

  @Test
  void sendsAreNeverTriedWhereWaitingIsRefused() {
    // why: the hook waits on the network, so no SEND may run on the listener's event loop
    assertThat(messages.postsWithoutWaiting()).isFalse();
  }

  @Test
  void asksAboutEachSendWithRoomSenderAndMessageSignedLikeTheWebhook() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    String room = group(token(alice), "t", bob);
    say(token(bob), room, "b-1", "hi");

    var sent =
        client.postJson(
            token(alice),
            messages(room),
            Map.of(
                "clientMsgId", "a-1",
                "kind", "TEXT",
                "content", "hello @bob",
                "mentions", List.of(bob),
                "replyTo", 1));

    assertThat(sent.status()).isEqualTo(201);
    var call = HOOK.callsFor(alice, "a-1").getFirst();
    assertThat(call.json().get("event").asString()).isEqualTo("send");
    assertThat(call.json().get("room").get("id").asString()).isEqualTo(room);
    assertThat(call.json().get("room").get("type").asString()).isEqualTo("GROUP");
    var message = call.json().get("message");
    assertThat(message.get("kind").asString()).isEqualTo("TEXT");
    assertThat(message.get("content").asString()).isEqualTo("hello @bob");
    assertThat(message.get("mentions").get(0).asString()).isEqualTo(bob);
    assertThat(message.get("replyTo").asLong()).isEqualTo(1);
    assertThat(message.get("attachments").isArray()).isTrue();
    assertThat(message.has("seq")).as("a send has no seq yet").isFalse();
    assertThat(call.header("Content-Type")).isEqualTo("application/json");
    assertSignedWithTheSecret(call);
  }

  @Test
  void aRejectionReachesTheSenderWithItsReasonAndLeavesNoGap() {
    String alice = token(user("alice"));
    String room = group(alice, "t");
    say(alice, room, "c-1", "hello");

    var refused = say(alice, room, "c-2", "reject call me at 010-1234-5678");
    var next = say(alice, room, "c-3", "hello again");

    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.text("code")).isEqualTo("content_refused");
    assertThat(refused.text("detail")).isEqualTo(HookServer.REASON);
    assertThat(next.number("seq")).as("the rejected message used no seq").isEqualTo(2);
  }

  @Test
  void aReplacementIsStoredInsteadOfWhatWasSent() {
    String alice = token(user("alice"));
    String room = group(alice, "t");

    var sent = say(alice, room, "c-1", "rewrite my number is 010-1234-5678");

    assertThat(sent.status()).isEqualTo(201);
    assertThat(sent.text("content")).isEqualTo(HookServer.REWRITTEN);
    assertThat(history(alice, room).getFirst().get("content").asString())
        .isEqualTo(HookServer.REWRITTEN);
  }

  @Test
  void aReplacementIsValidatedLikeAnyContent() {
    String alice = token(user("alice"));
    String room = group(alice, "t");

    var refused = say(alice, room, "c-1", "blank this");

    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.text("code")).isEqualTo("validation");
    assertThat(refused.text("field")).isEqualTo("content");
    assertThat(history(alice, room)).isEmpty();
  }

  @Test
  void aRetriedClientMsgIdThatWasAcceptedIsAnsweredWithoutAskingAgain() {
    String alice = user("alice");
    String room = group(token(alice), "t");

    var first = say(token(alice), room, "c-1", "rewrite me");
    var retry = say(token(alice), room, "c-1", "rewrite me");

    assertThat(first.status()).isEqualTo(201);
    assertThat(retry.status()).isEqualTo(200);
    assertThat(retry.json()).isEqualTo(first.json());
    assertThat(HOOK.callsFor(alice, "c-1")).hasSize(1);
  }

  @Test
  void withoutAnAnswerInTimeTheMessageIsSentAsItIs() {
    String alice = token(user("alice"));
    String room = group(alice, "t");
    double timeouts = calls("timeout");

    var sent = say(alice, room, "c-1", "slow but fine");

    assertThat(sent.status()).isEqualTo(201);
    assertThat(sent.text("content")).isEqualTo("slow but fine");
    assertThat(calls("timeout")).isEqualTo(timeouts + 1);
  }

  @Test
  void anErrorOrAnAnswerThatIsNoActionLetsTheMessageThrough() {
    String alice = token(user("alice"));
    String room = group(alice, "t");
    double errors = calls("error");
    double invalid = calls("invalid");

    var afterError = say(alice, room, "c-1", "fail on the backend");
    var afterGarbage = say(alice, room, "c-2", "garbage from the backend");

    assertThat(afterError.status()).isEqualTo(201);
    assertThat(afterGarbage.status()).isEqualTo(201);
    assertThat(afterGarbage.number("seq")).isEqualTo(2);
    assertThat(calls("error")).isEqualTo(errors + 1);
    assertThat(calls("invalid")).isEqualTo(invalid + 1);
  }

  @Test
  void editsAreAskedAboutAndMayBeRejectedOrRewritten() {
    String alice = user("alice");
    String room = group(token(alice), "t");
    say(token(alice), room, "c-1", "hello");

    var rejected = edit(token(alice), room, 1, "e-1", "reject this edit");
    var rewritten = edit(token(alice), room, 1, "e-2", "rewrite this edit");

    assertThat(rejected.status()).isEqualTo(400);
    assertThat(rejected.text("detail")).isEqualTo(HookServer.REASON);
    assertThat(rewritten.status()).isEqualTo(200);
    assertThat(rewritten.text("content")).isEqualTo(HookServer.REWRITTEN);
    assertThat(rewritten.number("changedSeq")).as("the rejected edit used no seq").isEqualTo(2);
    var call = HOOK.callsFor(alice, "e-2").getFirst();
    assertThat(call.json().get("event").asString()).isEqualTo("edit");
    assertThat(call.json().get("message").get("seq").asLong()).isEqualTo(1);
  }

  @Test
  void aRejectedSendOverStompIsAnErrorWithTheReasonAndTheSessionStays() {
    String alice = user("alice");
    String room = group(token(alice), "t");
    var stomp = connect(alice);
    stomp.subscribeAndWait("e", "/user/queue/errors");

    stomp.sendJson("/app/rooms." + room + ".messages", text("s-1", "reject me"), "r1");
    var error = json(stomp.await(f -> f.command().equals("MESSAGE") && f.body().contains("error")));
    stomp.sendJson("/app/rooms." + room + ".messages", text("s-2", "rewrite me"), "r2");
    stomp.awaitReceipt("r2");

    assertThat(error.get("code").asString()).isEqualTo("content_refused");
    assertThat(error.get("message").asString()).isEqualTo(HookServer.REASON);
    assertThat(error.get("receipt").asString()).isEqualTo("r1");
    var stored = history(token(alice), room);
    assertThat(stored).hasSize(1);
    assertThat(stored.getFirst().get("seq").asLong()).isEqualTo(1);
    assertThat(stored.getFirst().get("content").asString()).isEqualTo(HookServer.REWRITTEN);
  }

  private double calls(String outcome) {
    var counter = meters.find("dugout.hooks.before.send.calls").tag("outcome", outcome).counter();
    return counter == null ? 0 : counter.count();
  }

  private static void assertSignedWithTheSecret(HookServer.Call call) throws Exception {
    String signature = call.header("Dugout-Signature");
    assertThat(signature).matches("t=\\d+,v1=[0-9a-f]{64}");
    long t = Long.parseLong(signature.substring(2, signature.indexOf(',')));
    assertThat(Math.abs(Instant.now().getEpochSecond() - t)).isLessThanOrEqualTo(60);
    // why: computed here from the documented recipe, not with the server's own class
    var mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    mac.update((t + ".").getBytes(StandardCharsets.UTF_8));
    String expected = HexFormat.of().formatHex(mac.doFinal(call.body()));
    assertThat(signature).endsWith(",v1=" + expected);
  }

  private ApiResponse edit(String token, String room, long seq, String key, String content) {
    return client.send(
        "PATCH",
        token,
        messages(room) + "/" + seq,
        "{\"clientMsgId\":\"" + key + "\",\"content\":\"" + content + "\"}");
  }

  private List<JsonNode> history(String token, String room) {
    var page = new java.util.ArrayList<JsonNode>();
    get(token, messages(room)).get("messages").forEach(page::add);
    return page;
  }

  static String messages(String room) {
    return "/api/v1/rooms/" + room + "/messages";
  }
}
