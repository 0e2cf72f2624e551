package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.NotificationEntries.nanos;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATION_EXPIRY;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATION_SENDS;

import io.dugout.notification.Notification;
import io.dugout.notification.NotificationStore.Added;
import io.dugout.notification.NotificationStore.IdempotencyKey;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Adds notifications under an idempotency key. The key is checked and the notifications, their
 * users' counts, the key and its expiry entry written under the store's write lock, in one batch:
 * however many callers race with a key, one stores and all return its ids.
 */
final class IdempotentAdds {

  private final RocksDbStorage storage;
  private final UnreadCounts counts;
  private final ReentrantLock writes;

  IdempotentAdds(RocksDbStorage storage, UnreadCounts counts, ReentrantLock writes) {
    this.storage = storage;
    this.counts = counts;
    this.writes = writes;
  }

  Added add(List<Notification> notifications, IdempotencyKey key) {
    writes.lock();
    try {
      byte[] sendKey = key == null ? null : Keys.pair(key.scope(), key.key());
      if (sendKey != null) {
        byte[] sent = storage.get(NOTIFICATION_SENDS, sendKey);
        if (sent != null) {
          return new Added(Json.read(sent, Sent.class).ids(), false);
        }
      }
      var ids = notifications.stream().map(Notification::id).toList();
      var added = new HashMap<String, Long>();
      storage.write(
          batch -> {
            for (Notification n : notifications) {
              NotificationEntries.put(batch, n);
              added.merge(n.userId(), n.unread() ? 1L : 0L, Long::sum);
            }
            added.forEach((user, unread) -> counts.add(batch, user, unread));
            if (sendKey != null) {
              batch.put(NOTIFICATION_SENDS, sendKey, Json.write(new Sent(ids, key.expiresAt())));
              batch.put(
                  NOTIFICATION_EXPIRY,
                  Keys.sendExpiry(nanos(key.expiresAt()), key.scope(), key.key()),
                  new byte[0]);
            }
          });
      return new Added(ids, true);
    } finally {
      writes.unlock();
    }
  }

  /** What an idempotency key remembers: the ids the first send returned. */
  record Sent(List<String> ids, Instant expiresAt) {}
}
