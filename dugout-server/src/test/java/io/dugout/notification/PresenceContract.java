package io.dugout.notification;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.api.DugoutClient;
import io.dugout.realtime.StompTestClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every {@link Presence} must have, as seen by the node whose sessions open and
 * close: its Javadoc, sentence by sentence. An adapter's test class only starts a node (once per
 * class) and hands out its presence and port; sessions are real STOMP clients. Every test uses
 * users of its own.
 */
public abstract class PresenceContract {

  /**
   * why: a cluster's presence may show a closed session a moment ({@code interval} and a round
   * trip) longer; one node's never does
   */
  private static final Duration MOMENT = Duration.ofSeconds(10);

  protected abstract Presence presence();

  /** The node's port, for STOMP sessions and REST. */
  protected abstract int port();

  @Test
  void countsAUserOnlineWhileTheyHaveAnOpenSessionOnly() {
    String alice = user();
    assertThat(presence().isOnline(alice)).as("before connecting").isFalse();

    try (var session = StompTestClient.connect(port(), client().token(alice))) {
      assertThat(presence().isOnline(alice)).as("connected").isTrue();
      assertThat(presence().isOnline(user())).as("another user").isFalse();
    }

    Waits.until(() -> !presence().isOnline(alice), MOMENT, "alice offline after closing");
  }

  @Test
  void listsTheUsersSubscribedToARoomsTopicAsItsViewers() {
    String alice = user();
    String bob = user();
    String room = group(alice, bob);
    try (var bobsSession = StompTestClient.connect(port(), client().token(bob))) {
      try (var alicesSession = StompTestClient.connect(port(), client().token(alice))) {
        alicesSession.subscribeAndWait("r", "/topic/rooms." + room);

        assertThat(presence().viewersOf(room)).containsExactly(alice);
        assertThat(presence().viewersOf(group(bob, alice))).as("another room").isEmpty();
      }
      Waits.until(() -> presence().viewersOf(room).isEmpty(), MOMENT, "no viewer after closing");
      assertThat(presence().isOnline(bob)).as("connected, viewing nothing").isTrue();
    }
  }

  @Test
  void keepsAUserOnlineUntilTheirLastSessionCloses() {
    String alice = user();
    String room = group(alice, user());
    try (var staying = StompTestClient.connect(port(), client().token(alice))) {
      try (var leaving = StompTestClient.connect(port(), client().token(alice))) {
        leaving.subscribeAndWait("r", "/topic/rooms." + room);
        assertThat(presence().viewersOf(room)).containsExactly(alice);
      }
      // why: once the closed session no longer views the room, its close was handled
      Waits.until(() -> presence().viewersOf(room).isEmpty(), MOMENT, "the session's close");
      assertThat(presence().isOnline(alice)).as("one session still open").isTrue();
    }
    Waits.until(() -> !presence().isOnline(alice), MOMENT, "alice offline after the last close");
  }

  private DugoutClient client() {
    return DugoutClient.onPort(port());
  }

  private String group(String owner, String member) {
    var created =
        client()
            .postJson(
                client().token(owner),
                "/api/v1/rooms",
                Map.of("type", "GROUP", "title", "t", "memberIds", List.of(member)));
    assertThat(created.status()).as("%s", created).isEqualTo(201);
    return created.text("id");
  }

  private static String user() {
    return "u-" + UUID.randomUUID().toString().substring(0, 8);
  }
}
