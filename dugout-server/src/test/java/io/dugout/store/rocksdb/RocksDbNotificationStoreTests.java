package io.dugout.store.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.notification.Notification;
import io.dugout.notification.NotificationCursor;
import io.dugout.notification.NotificationStore;
import io.dugout.notification.NotificationStoreContract;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RocksDbNotificationStoreTests extends NotificationStoreContract {

  @TempDir Path dir;
  private RocksDbStorage storage;

  @Override
  protected NotificationStore openEmpty() {
    storage = RocksDbStorage.open(dir, false, 1);
    return new RocksDbNotificationStore(storage);
  }

  @Override
  protected NotificationStore reopen() {
    storage.close();
    return openEmpty();
  }

  /** A collapse entry written when entries held only the notification's id is still followed. */
  @Test
  void collapsesOverAnEntryThatHoldsOnlyTheId() {
    Instant t0 = Instant.parse("2026-11-22T04:00:00Z");
    var first = chat("c-1", t0, "hi");
    store.collapse(first, t0);
    storage.write(
        batch ->
            batch.put(
                RocksDbStorage.Family.NOTIFICATION_COLLAPSE,
                Keys.pair("alice", "room:r1"),
                Keys.utf8(first.id())));

    var updated = store.collapse(chat("c-2", t0.plusSeconds(1), "there"), t0.plusSeconds(1));

    assertThat(updated.id()).isEqualTo(first.id());
    assertThat(updated.count()).isEqualTo(2);
    Instant now = t0.plusSeconds(2);
    assertThat(store.page("alice", null, 10, false, now)).containsExactly(updated);
    assertThat(store.unreadCount("alice", now)).isEqualTo(1);
    assertThat(store.collapse(chat("c-3", now, "again"), now).count()).isEqualTo(3);
  }

  /**
   * Notifications written when id entries held only the createdAt and collapse entries no entry
   * time (entries were then always at the expiry) are counted, swept and collapsed as before.
   */
  @Test
  void countsSweepsAndCollapsesWhatThePreviousLayoutWrote() {
    Instant t0 = Instant.parse("2026-11-22T04:00:00Z");
    Instant before = t0.minus(Duration.ofDays(1));
    var plain =
        new Notification(
            "p-1",
            "alice",
            "trade.offer",
            "An offer",
            "12 EUR",
            null,
            1,
            before,
            null,
            before.plus(Duration.ofDays(30)),
            null);
    store.add(List.of(plain), null);
    var first = chat("c-1", t0, "hi");
    store.collapse(first, t0);
    byte[] id = Keys.utf8(first.id());
    byte[] versionOne =
        ByteBuffer.allocate(21 + id.length)
            .put((byte) 1)
            .putLong(NotificationCursor.epochNanos(t0))
            .putLong(NotificationCursor.epochNanos(first.expiresAt()))
            .putInt(1)
            .put(id)
            .array();
    storage.write(
        batch -> {
          for (var n : List.of(plain, first)) {
            batch.put(
                RocksDbStorage.Family.NOTIFICATION_IDS,
                Keys.pair("alice", n.id()),
                Keys.seqValue(NotificationCursor.epochNanos(n.createdAt())));
          }
          batch.put(
              RocksDbStorage.Family.NOTIFICATION_COLLAPSE,
              Keys.pair("alice", "room:r1"),
              versionOne);
        });
    Instant pastPlain = plain.expiresAt().plusSeconds(1);

    assertThat(store.unreadCount("alice", pastPlain)).isEqualTo(1);
    assertThat(store.removeExpired(pastPlain, 10)).isEqualTo(1);

    Instant later = t0.plus(Duration.ofDays(20));
    var updated = store.collapse(chat("c-2", later, "there"), later);
    assertThat(updated.id()).isEqualTo(first.id());
    Instant pastFirst = first.expiresAt().plusSeconds(1);
    assertThat(store.unreadCount("alice", pastFirst)).isEqualTo(1);
    assertThat(store.removeExpired(pastFirst, 10)).isZero();
    assertThat(store.unreadCount("alice", pastFirst)).isEqualTo(1);
    assertThat(store.page("alice", null, 10, false, pastFirst)).containsExactly(updated);
    Instant pastLast = updated.expiresAt().plusSeconds(1);
    assertThat(store.removeExpired(pastLast, 10)).isEqualTo(1);
    assertThat(store.page("alice", null, 10, false, later)).isEmpty();
    assertThat(store.unreadCount("alice", later)).isZero();
  }

  private static Notification chat(String id, Instant createdAt, String body) {
    return new Notification(
        id,
        "alice",
        "chat.message",
        "Room",
        body,
        null,
        1,
        createdAt,
        null,
        createdAt.plus(Duration.ofDays(30)),
        "room:r1");
  }

  @Override
  protected void close() {
    storage.close();
  }
}
