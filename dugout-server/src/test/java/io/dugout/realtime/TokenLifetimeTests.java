package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.ClientPath;
import io.dugout.Waits;
import io.dugout.api.Jwts;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A STOMP session lives as long as its token: it ends with an ERROR saying so when the token
 * expires, the client resumes on a fresh token without losing anything, and a client may move its
 * open session onto a fresh token before the old one expires.
 */
@ClientPath.EveryPath
class TokenLifetimeTests extends RealtimeTestBase {

  private static final Duration SHORT = Duration.ofSeconds(3);

  @Test
  void endsTheSessionWithTokenExpiredAtExpiryAndResumesOnAFreshTokenWithoutLoss() {
    String room = groupOf("alice", "bob");
    var bob = connectWith(tokenFor("bob", Instant.now().plus(SHORT)));
    bob.subscribeAndWait("r", "/topic/rooms." + room);
    bob.sendJson("/app/rooms." + room + ".messages", text("b1", "before expiry"), "b1");
    bob.awaitReceipt("b1");

    var error = bob.await(f -> f.command().equals("ERROR"), Duration.ofSeconds(10));
    assertThat(error.header("code")).isEqualTo("token_expired");
    assertThat(error.header("message")).startsWith("token expired");
    bob.awaitClose();

    String alice = token("alice");
    long seen = get(alice, "/api/v1/rooms/" + room).get("lastSeq").asLong();
    post(alice, "/api/v1/rooms/" + room + "/messages", text("a1", "while bob was away"));
    post(alice, "/api/v1/rooms/" + room + "/messages", text("a2", "still away"));
    var again = connect("bob");
    again.subscribeAndWait("r", "/topic/rooms." + room, "since-seq", String.valueOf(seen));
    assertThat(RoomTopicTests.seqs(again, 2)).containsExactly(seen + 1, seen + 2);
  }

  @Test
  void refusesFramesOfASessionWhoseTokenHasExpired() {
    String room = groupOf("alice", "bob");
    var bob = connectWith(tokenFor("bob", Instant.now().plus(SHORT)));
    Waits.sleep(SHORT.plusMillis(100));
    try {
      bob.sendJson("/app/rooms." + room + ".messages", text("late", "after expiry"), "late");
    } catch (java.util.concurrent.CompletionException closedMeanwhile) {
      // why: the once-a-second expiry sweep may have ended the session before this frame
    }
    var error = bob.await(f -> !f.command().equals("MESSAGE"), Duration.ofSeconds(10));
    assertThat(error.command()).isEqualTo("ERROR");
    assertThat(error.header("code")).isEqualTo("token_expired");
    var history = get(token("alice"), "/api/v1/rooms/" + room + "/messages");
    assertThat(history.get("messages").toString()).doesNotContain("after expiry");
  }

  @Test
  void keepsASessionOpenPastTheFirstTokenOnceTheClientRefreshesIt() {
    String room = groupOf("alice", "bob");
    var bob = connectWith(tokenFor("bob", Instant.now().plus(SHORT)));
    bob.subscribeAndWait("errors", "/user/queue/errors");
    bob.sendJson(
        "/app/token",
        "{\"token\":\"" + tokenFor("bob", Instant.now().plusSeconds(3600)) + "\"}",
        "refresh");
    bob.awaitReceipt("refresh");
    Waits.sleep(SHORT.plusMillis(1500));
    bob.sendJson("/app/rooms." + room + ".messages", text("b1", "after the first expiry"), "b1");
    bob.awaitReceipt("b1");
    assertThat(bob.isClosed()).isFalse();
  }

  @Test
  void reportsABadRefreshTokenAndKeepsTheSessionOnItsCurrentToken() {
    var bob = connect("bob");
    bob.subscribeAndWait("errors", "/user/queue/errors");
    bob.sendJson("/app/token", "{\"token\":\"not-a-jwt\"}", "refresh");
    var error = json(bob.await(f -> f.command().equals("MESSAGE")));
    assertThat(error.get("code").asString()).isEqualTo("unauthenticated");
    assertThat(error.get("field").asString()).isEqualTo("token");
    bob.sendJson("/app/token", "{\"token\":42", "broken");
    var broken = json(bob.await(f -> f.command().equals("MESSAGE")));
    assertThat(broken.get("code").asString()).isEqualTo("validation");
    bob.subscribeAndWait("rooms", "/user/queue/rooms");
  }

  @Test
  void endsTheSessionWhenARefreshTokenIsForSomeoneElse() {
    var bob = connect("bob");
    bob.sendJson(
        "/app/token",
        "{\"token\":\"" + tokenFor("mallory", Instant.now().plusSeconds(3600)) + "\"}",
        "refresh");
    var error = bob.await(f -> f.command().equals("ERROR"));
    assertThat(error.header("message")).contains("same user");
    bob.awaitClose();
  }

  @Test
  void refusesAConnectWithATokenWithoutExpiry() {
    var client = open();
    String forever = Jwts.hs256(Jwts.devSecret(dataDir), Map.of("sub", "bob"));
    client.sendRaw(
        "CONNECT\naccept-version:1.2\nhost:x\nAuthorization:Bearer " + forever + "\n\n\0");
    var error = client.await(f -> true).requireCommand("ERROR");
    assertThat(error.header("message")).startsWith("invalid token").contains("no exp");
    client.awaitClose();
  }

  @Test
  void treatsAnScpArrayServiceTokenAsAServiceCallerOnStompToo() {
    String room = groupOf("alice", "bob");
    var claims = new HashMap<String, Object>();
    claims.put("sub", "backend");
    claims.put("scp", List.of("dugout:service"));
    claims.put("exp", Instant.now().plusSeconds(600).getEpochSecond());
    var backend = connectWith(Jwts.hs256(Jwts.devSecret(dataDir), claims));
    backend.subscribeAndWait("r", "/topic/rooms." + room);
  }

  private String tokenFor(String userId, Instant expiresAt) {
    return Jwts.hs256(Jwts.devSecret(dataDir), userId, null, expiresAt);
  }

  private StompTestClient connectWith(String token) {
    var stomp = StompTestClient.connect(wsPort(), token);
    adopt(stomp);
    return stomp;
  }
}
