package io.dugout.store.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.notification.Notification;
import io.dugout.notification.NotificationStore;
import io.dugout.notification.NotificationStoreContract;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RocksDbNotificationStoreTests extends NotificationStoreContract {

  @TempDir Path dir;
  private RocksDbStorage storage;

  @Override
  protected NotificationStore openEmpty() {
    storage = RocksDbStorage.open(dir, false);
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
