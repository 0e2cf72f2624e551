package io.dugout.notification;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.notification.NotificationStore.IdempotencyKey;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every {@link NotificationWriter} must have: its Javadoc, sentence by sentence. An
 * adapter's test class only starts a node (once per class) with a {@link Recorder} among its
 * listeners and hands out the node's writer and store. Every test uses users of its own.
 */
public abstract class NotificationWriterContract {

  private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.MILLIS);

  protected abstract NotificationWriter writer();

  protected abstract NotificationStore store();

  /** The listener the fixture gave the node. */
  protected abstract Recorder recorder();

  @Test
  void storesASendDurablyBeforeReturningItsIdsAndTellsListenersOnlyOnceStored() {
    String alice = user();
    String bob = user();
    var toAlice = send(alice);
    var toBob = send(bob);

    var added = writer().add(List.of(toAlice, toBob), key());

    assertThat(added.created()).isTrue();
    assertThat(added.ids()).containsExactly(toAlice.id(), toBob.id());
    assertThat(page(alice)).containsExactly(toAlice);
    assertThat(page(bob)).containsExactly(toBob);
    awaitTold(alice, 1);
    awaitTold(bob, 1);
    assertThat(recorder().told(alice)).containsExactly(toAlice.id());
    assertThat(recorder().told(bob)).containsExactly(toBob.id());
    assertThat(recorder().notDurable()).as("told before the store had it").isEmpty();
  }

  @Test
  void storesNothingForAKeyUsedBeforeAndReturnsTheFirstSendsIds() {
    String alice = user();
    var key = key();
    var first = send(alice);
    var added = writer().add(List.of(first), key);

    var retry = writer().add(List.of(send(alice)), key);

    awaitTold(alice, 1);
    assertThat(retry.created()).isFalse();
    assertThat(retry.ids()).isEqualTo(added.ids()).containsExactly(first.id());
    assertThat(page(alice)).containsExactly(first);
    assertThat(recorder().told(alice)).as("told once, of the first").containsExactly(first.id());
    assertThat(writer().add(List.of(send(alice)), key()).created())
        .as("another key stores again")
        .isTrue();
  }

  @Test
  void concurrentSendsWithOneKeyStoreOnceAndAllReturnTheStoredIds() throws Exception {
    String alice = user();
    var key = key();
    var results = Collections.synchronizedList(new ArrayList<NotificationStore.Added>());
    var start = new CountDownLatch(1);
    var done = new ArrayList<Future<?>>();
    try (var pool = Executors.newFixedThreadPool(4)) {
      for (int t = 0; t < 4; t++) {
        done.add(
            pool.submit(
                () -> {
                  start.await();
                  results.add(writer().add(List.of(send(alice)), key));
                  return null;
                }));
      }
      start.countDown();
    }
    for (var sender : done) {
      sender.get();
    }
    var stored = page(alice);
    assertThat(stored).hasSize(1);
    assertThat(results)
        .as("every send returns the one stored id")
        .allMatch(r -> r.ids().equals(List.of(stored.getFirst().id())));
    assertThat(results.stream().filter(NotificationStore.Added::created)).hasSize(1);
  }

  @Test
  void collapsesEachUsersNotificationsUnderOneKeyIntoOne() {
    String alice = user();
    String bob = user();
    writer().collapse(List.of(chat(alice, "room-1", "first"), chat(bob, "room-1", "to bob")));
    writer().collapse(List.of(chat(alice, "room-1", "second"), chat(alice, "room-2", "other")));

    // why: a cluster stores collapsed notifications a moment after Kafka accepted them
    Waits.until(
        () -> page(alice).stream().mapToInt(Notification::count).sum() == 3,
        Duration.ofSeconds(10),
        "alice's two collapsed notifications");
    var room1 =
        page(alice).stream()
            .filter(n -> n.collapseKey().equals("room-1"))
            .findFirst()
            .orElseThrow();
    assertThat(room1.body()).as("the newer content").isEqualTo("second");
    assertThat(room1.count()).isEqualTo(2);
    Waits.until(() -> page(bob).size() == 1, Duration.ofSeconds(10), "bob's notification");
    assertThat(page(bob).getFirst().count()).isEqualTo(1);
  }

  /**
   * A listener that records the ids it is told of per user, and any notification it was told of
   * before the store had it.
   */
  public static final class Recorder implements NotificationListener {

    private final Map<String, List<String>> told = new ConcurrentHashMap<>();
    private final Set<String> notDurable = ConcurrentHashMap.newKeySet();
    private volatile NotificationStore store;

    /** The store to check each told notification against. */
    public void checkAgainst(NotificationStore store) {
      this.store = store;
    }

    List<String> told(String userId) {
      return List.copyOf(told.getOrDefault(userId, List.of()));
    }

    Set<String> notDurable() {
      return notDurable;
    }

    @Override
    public void notificationStored(Notification notification) {
      var stored = store.page(notification.userId(), null, 100, false, Instant.now());
      if (stored.stream().noneMatch(n -> n.id().equals(notification.id()))) {
        notDurable.add(notification.id());
      }
      told.computeIfAbsent(
              notification.userId(), u -> Collections.synchronizedList(new ArrayList<>()))
          .add(notification.id());
    }
  }

  private void awaitTold(String userId, int count) {
    Waits.until(
        () -> recorder().told(userId).size() >= count,
        Duration.ofSeconds(10),
        count + " notifications of " + userId + " told");
  }

  private List<Notification> page(String userId) {
    return store().page(userId, null, 100, false, Instant.now());
  }

  private static Notification send(String userId) {
    return new Notification(
        UUID.randomUUID().toString(),
        userId,
        "trade.offer",
        "An offer",
        "12 EUR for your bat",
        "{\"offer\":12}",
        1,
        NOW,
        null,
        NOW.plus(Duration.ofDays(30)),
        null);
  }

  private static Notification chat(String userId, String room, String body) {
    return new Notification(
        UUID.randomUUID().toString(),
        userId,
        "chat.message",
        "Room",
        body,
        null,
        1,
        Instant.now().truncatedTo(ChronoUnit.MILLIS),
        null,
        NOW.plus(Duration.ofDays(30)),
        room);
  }

  private static IdempotencyKey key() {
    return new IdempotencyKey("svc", "k-" + UUID.randomUUID(), NOW.plus(Duration.ofDays(1)));
  }

  private static String user() {
    return "u-" + UUID.randomUUID().toString().substring(0, 8);
  }
}
