package io.dugout.moderation;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.api.ApiTest;
import io.dugout.realtime.StompTestClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A ban or a mute racing the user's own sends: once the moderator's call has returned, no send the
 * user starts afterwards is stored, over REST or STOMP.
 */
class ModerationRaceTests extends ApiTest {

  private static final int MAX_SENDS = 2_000;
  private static final Duration MAX_TIME = Duration.ofSeconds(30);

  /** Sends until stopped; each send's id says whether it began after the action returned. */
  private static Thread sender(
      AtomicBoolean acted, AtomicInteger sent, AtomicInteger afterwards, Sender send) {
    var thread =
        Thread.ofVirtual()
            .start(
                () -> {
                  long deadline = System.nanoTime() + MAX_TIME.toNanos();
                  for (int i = 0; i < MAX_SENDS && System.nanoTime() < deadline; i++) {
                    boolean after = acted.get();
                    send.send((after ? "after-" : "before-") + i);
                    sent.incrementAndGet();
                    if (after && afterwards.incrementAndGet() >= 20) {
                      return;
                    }
                  }
                });
    return thread;
  }

  @FunctionalInterface
  private interface Sender {
    void send(String clientMsgId);
  }

  private List<String> storedIds(String roomId) {
    var ids = new ArrayList<String>();
    Long before = null;
    for (int page = 0; page < 100; page++) {
      var json =
          client
              .get(
                  client.serviceToken("backend"),
                  "/api/v1/rooms/"
                      + roomId
                      + "/messages?limit=100"
                      + (before == null ? "" : "&before=" + before))
              .json();
      for (var m : json.get("messages")) {
        ids.add(m.get("clientMsgId").asString());
        before = m.get("seq").asLong();
      }
      if (!json.get("hasMore").asBoolean()) {
        break;
      }
    }
    return ids;
  }

  @Test
  void noRestSendThatStartsAfterABanReturnsIsStored() {
    String ownerId = user("owner");
    String memberId = user("member");
    String roomId = group(client.token(ownerId), "race", memberId);
    var acted = new AtomicBoolean();
    var sent = new AtomicInteger();
    var afterwards = new AtomicInteger();
    String token = client.token(memberId);

    var thread = sender(acted, sent, afterwards, id -> say(token, roomId, id, "x"));
    Waits.until(() -> sent.get() >= 20, Duration.ofSeconds(20), "20 sends before the ban");
    var banned =
        client.send(
            "PUT", client.token(ownerId), "/api/v1/rooms/" + roomId + "/bans/" + memberId, null);
    acted.set(true);
    assertThat(banned.status()).isEqualTo(204);
    Waits.joined(thread, Duration.ofSeconds(40));

    var stored = storedIds(roomId);
    assertThat(stored).anyMatch(id -> id.startsWith("before-"));
    assertThat(stored).noneMatch(id -> id.startsWith("after-"));
    assertThat(afterwards.get()).as("sends tried after the ban").isGreaterThan(0);
  }

  @Test
  void noStompSendThatStartsAfterAMuteReturnsIsStored() {
    String ownerId = user("owner");
    String memberId = user("member");
    String roomId = group(client.token(ownerId), "race", memberId);
    var acted = new AtomicBoolean();
    var sent = new AtomicInteger();
    var afterwards = new AtomicInteger();

    try (var member = StompTestClient.connect(wsPort(), client.token(memberId))) {
      member.subscribeAndWait("e", "/user/queue/errors");
      var thread =
          sender(
              acted,
              sent,
              afterwards,
              id -> {
                ModeratedStompSendTests.send(member, roomId, id);
                ModeratedStompSendTests.outcome(member, id);
              });
      Waits.until(() -> sent.get() >= 20, Duration.ofSeconds(20), "20 sends before the mute");
      var muted =
          client.send(
              "PUT", client.token(ownerId), "/api/v1/rooms/" + roomId + "/mutes/" + memberId, null);
      acted.set(true);
      assertThat(muted.status()).isEqualTo(200);
      Waits.joined(thread, Duration.ofSeconds(40));
    }

    var stored = storedIds(roomId);
    assertThat(stored).anyMatch(id -> id.startsWith("before-"));
    assertThat(stored).noneMatch(id -> id.startsWith("after-"));
    assertThat(afterwards.get()).isGreaterThan(0);
  }
}
