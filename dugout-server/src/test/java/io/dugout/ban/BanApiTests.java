package io.dugout.ban;

import static io.dugout.api.ApiAssertions.assertInvalid;
import static io.dugout.api.ApiAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.api.ApiResponse;
import io.dugout.api.ApiTest;
import io.dugout.audit.ModerationAction;
import io.dugout.audit.RecordedModerationActions;
import io.dugout.realtime.StompTestClient;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import tools.jackson.databind.json.JsonMapper;

/** Bans from the whole deployment over real HTTP and STOMP, on one node. */
@Import(RecordedModerationActions.class)
class BanApiTests extends ApiTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @Autowired RecordedModerationActions audit;

  private String service() {
    return client.serviceToken("backend");
  }

  private ApiResponse ban(String userId, Map<String, Object> body) {
    return client.send(
        "PUT", service(), "/api/v1/users/" + userId + "/ban", JSON.writeValueAsString(body));
  }

  @Test
  void bansReadsListsAndUnbansAUserAndPublishesEachAction() {
    String mallory = user("mallory");

    var banned = ban(mallory, Map.of("reason", "spam")).snippet("ban-put");
    assertThat(banned.status()).isEqualTo(200);
    assertThat(banned.json().get("userId").asString()).isEqualTo(mallory);
    assertThat(banned.json().get("reason").asString()).isEqualTo("spam");
    assertThat(ban(mallory, Map.of("reason", "spam")).status()).as("idempotent").isEqualTo(200);

    var read = client.get(service(), "/api/v1/users/" + mallory + "/ban").snippet("ban-get");
    assertThat(read.json().get("bannedBy").asString()).isEqualTo("backend");
    var listed = client.get(service(), "/api/v1/bans?limit=100").snippet("bans-list");
    assertThat(listed.json().get("bans").findValuesAsString("userId")).contains(mallory);

    var unbanned = client.delete(service(), "/api/v1/users/" + mallory + "/ban");
    assertThat(unbanned.status()).isEqualTo(204);
    assertThat(client.delete(service(), "/api/v1/users/" + mallory + "/ban").status())
        .isEqualTo(204);
    assertProblem(client.get(service(), "/api/v1/users/" + mallory + "/ban"), 404, "not_found");
    assertThat(client.get(client.token(mallory), "/api/v1/rooms").status()).isEqualTo(200);

    assertThat(audit.about(mallory))
        .extracting(ModerationAction::action)
        .containsExactly("user.banned", "user.banned", "user.unbanned");
    var first = audit.about(mallory).getFirst();
    assertThat(first.actorId()).isEqualTo("service");
    assertThat(first.reason()).isEqualTo("spam");
    assertThat(first.roomId()).isNull();

    var logged = client.get(service(), "/api/v1/audit?userId=" + mallory);
    assertThat(logged.json().get("entries").findValuesAsString("action"))
        .as("the audit log keeps them, newest first")
        .containsExactly("user.unbanned", "user.banned", "user.banned");
  }

  @Test
  void onlyAServiceTokenBansAndABanNeedsAFutureEnd() {
    String alice = user("alice");
    String mallory = user("mallory");

    assertProblem(
        client.send("PUT", client.token(alice), "/api/v1/users/" + mallory + "/ban", "{}"),
        403,
        "forbidden");
    assertProblem(client.get(client.token(alice), "/api/v1/bans"), 403, "forbidden");
    assertInvalid(ban(mallory, Map.of("until", "2001-01-01T00:00:00Z")), "until");
    assertInvalid(ban(mallory, Map.of("duration", "soon")), "duration");
    assertThat(client.get(client.token(mallory), "/api/v1/rooms").status()).isEqualTo(200);
  }

  @Test
  void refusesEveryCallAndEveryConnectOfABannedUser() {
    String mallory = user("mallory");
    String alice = user("alice");
    String token = client.token(mallory);
    String roomId = direct(token, alice);

    ban(mallory, Map.of());

    assertProblem(client.get(token, "/api/v1/rooms"), 403, "banned");
    assertProblem(client.get(token, "/api/v1/rooms/" + roomId + "/messages"), 403, "banned");
    assertProblem(say(token, roomId, "c-1", "hi"), 403, "banned");
    assertThat(client.get(client.token(alice), "/api/v1/rooms/" + roomId + "/messages").status())
        .isEqualTo(200);

    try (var stomp = StompTestClient.open(wsPort())) {
      stomp.sendRaw(
          "CONNECT\naccept-version:1.2\nhost:localhost\nAuthorization:Bearer " + token + "\n\n\0");
      var refused = stomp.await(f -> f.command().equals("ERROR"), Duration.ofSeconds(10));
      assertThat(refused.header("code")).isEqualTo("banned");
      stomp.awaitClose();
    }
  }

  @Test
  void endsTheOpenSessionsOfAUserWhenTheyAreBanned() {
    String mallory = user("mallory");
    String token = client.token(mallory);
    try (var first = StompTestClient.connect(wsPort(), token);
        var second = StompTestClient.connect(wsPort(), token)) {
      ban(mallory, Map.of("reason", "harassment"));

      for (var session : new StompTestClient[] {first, second}) {
        var error = session.await(f -> f.command().equals("ERROR"), Duration.ofSeconds(10));
        assertThat(error.header("code")).isEqualTo("banned");
        session.awaitClose();
      }
    }
  }

  @Test
  void aBanWithAnEndEndsByItself() {
    String mallory = user("mallory");
    String token = client.token(mallory);

    ban(mallory, Map.of("until", Instant.now().plusSeconds(2).toString()));
    assertProblem(client.get(token, "/api/v1/rooms"), 403, "banned");

    Waits.until(
        () -> client.get(token, "/api/v1/rooms").status() == 200,
        Duration.ofSeconds(15),
        "the ban to end");
    assertProblem(client.get(service(), "/api/v1/users/" + mallory + "/ban"), 404, "not_found");
  }

  @Test
  void storesNoSendMadeAfterTheBanReturnsWhileTheUserKeepsSending() throws Exception {
    String mallory = user("mallory");
    String alice = user("alice");
    String token = client.token(mallory);
    String roomId = direct(token, alice);
    var next = new AtomicInteger();
    var stop = new java.util.concurrent.atomic.AtomicBoolean();
    Thread sender =
        Thread.ofVirtual()
            .start(
                () -> {
                  for (int i = 0; i < 2_000 && !stop.get(); i++) {
                    say(token, roomId, "c-" + next.getAndIncrement(), "x");
                  }
                });
    try (var stomp = StompTestClient.connect(wsPort(), token)) {
      var stompNext = new AtomicInteger();
      Thread stompSender =
          Thread.ofVirtual()
              .start(
                  () -> {
                    try {
                      for (int i = 0; i < 2_000 && !stop.get() && !stomp.isClosed(); i++) {
                        // why: the number is taken before the frame leaves, so a mark read after
                        // the ban returns is above every frame sent before it
                        int n = stompNext.getAndIncrement();
                        stomp.sendJson(
                            "/app/rooms." + roomId + ".messages",
                            "{\"clientMsgId\":\"s-" + n + "\",\"kind\":\"TEXT\",\"content\":\"x\"}",
                            null);
                        Waits.sleep(Duration.ofMillis(2));
                      }
                    } catch (RuntimeException closedByTheBan) {
                      // the session ended: nothing more can be sent on it
                    }
                  });
      Waits.until(() -> next.get() > 20 && stompNext.get() > 20, Duration.ofSeconds(20), "sends");

      assertThat(ban(mallory, Map.of()).status()).isEqualTo(200);
      int restMark = next.get();
      int stompMark = stompNext.get();
      Waits.sleep(Duration.ofMillis(300));
      stop.set(true);
      Waits.joined(sender, Duration.ofSeconds(20));
      Waits.joined(stompSender, Duration.ofSeconds(20));

      var stored =
          client
              .get(client.token(alice), "/api/v1/rooms/" + roomId + "/messages?limit=100")
              .json()
              .get("messages")
              .findValuesAsString("clientMsgId");
      assertThat(stored).isNotEmpty();
      for (String id : stored) {
        int n = Integer.parseInt(id.substring(2));
        assertThat(n)
            .as("send %s was made after the ban returned", id)
            .isLessThan(id.startsWith("c-") ? restMark : stompMark);
      }
      assertThat(next.get()).as("REST sends went on after the ban").isGreaterThan(restMark);
    }
  }
}
