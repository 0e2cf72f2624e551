package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;
import static org.mockito.Mockito.withSettings;

import io.dugout.auth.Caller;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.WebSocketSession;

/**
 * The registry under concurrent churn: a room's or a user's last entry leaving at the moment a new
 * one arrives (a client reconnecting while its previous connection is still being cleaned up).
 */
class SubscriptionsTests {

  private static final int ROUNDS = 100_000;
  private static final Duration TIME_LIMIT = Duration.ofSeconds(5);
  private static final String ROOM = "r";
  private final Subscriptions subscriptions = new Subscriptions();

  @Test
  void keepsASubscriptionAddedWhileTheRoomsLastSubscriberLeaves() throws Exception {
    var leaving = Subscription.live(session("leaver"), "0", "/topic/rooms." + ROOM, ROOM);
    var joiner = session("joiner");
    var churn = churn(() -> subscriptions.add(leaving), () -> subscriptions.remove(leaving));
    long deadline = System.nanoTime() + TIME_LIMIT.toNanos();
    try {
      for (int round = 0; round < ROUNDS && System.nanoTime() < deadline; round++) {
        var joining = Subscription.live(joiner, "s" + round, "/topic/rooms." + ROOM, ROOM);
        subscriptions.add(joining);
        assertThat(subscriptions.ofRoom(ROOM)).as("round %d", round).contains(joining);
        subscriptions.remove(joining);
      }
    } finally {
      churn.interrupt();
      churn.join();
    }
  }

  @Test
  void keepsASessionConnectedWhileTheUsersLastOtherSessionCloses() throws Exception {
    var previous = connected(session("previous"), "u");
    var churn =
        churn(() -> subscriptions.authenticated(previous), () -> subscriptions.closed(previous));
    var next = connected(session("next"), "u");
    long deadline = System.nanoTime() + TIME_LIMIT.toNanos();
    try {
      for (int round = 0; round < ROUNDS && System.nanoTime() < deadline; round++) {
        subscriptions.authenticated(next);
        assertThat(subscriptions.ofUser("u")).as("round %d", round).contains(next);
        subscriptions.closed(next);
      }
    } finally {
      churn.interrupt();
      churn.join();
    }
  }

  @Test
  void forgetsASubscriptionWhoseSessionClosedWhileItWasAdded() {
    var session = session("gone");
    var subscription = Subscription.live(session, "0", "/topic/rooms." + ROOM, ROOM);
    session.close(CloseStatus.GOING_AWAY);
    subscriptions.closed(session);

    subscriptions.add(subscription);

    assertThat(subscriptions.ofRoom(ROOM)).isEmpty();
    assertThat(session.subscriptions()).isEmpty();
  }

  /** Adds and removes an entry over and over on a second thread until interrupted. */
  private static Thread churn(Runnable add, Runnable remove) {
    long deadline = System.nanoTime() + TIME_LIMIT.toNanos();
    return Thread.ofPlatform()
        .start(
            () -> {
              while (!Thread.currentThread().isInterrupted() && System.nanoTime() < deadline) {
                add.run();
                remove.run();
              }
            });
  }

  private static ClientSession connected(ClientSession session, String userId) {
    session.connected(Caller.user(userId), null, 0, 0);
    return session;
  }

  private static ClientSession session(String id) {
    // why: a mock socket, as the registry only needs a session's id; no connection is involved
    var socket = mock(WebSocketSession.class, withSettings().stubOnly());
    when(socket.getId()).thenReturn(id);
    var limits = new ClientSession.Limits(100, 1 << 20, new AtomicLong(), Duration.ofSeconds(1));
    return new ClientSession(socket, Runnable::run, limits);
  }
}
