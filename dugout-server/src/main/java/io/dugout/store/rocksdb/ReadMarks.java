package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.NotificationEntries.nanos;
import static io.dugout.store.rocksdb.NotificationEntries.notificationKey;
import static io.dugout.store.rocksdb.NotificationEntries.unreadKey;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATIONS;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATION_UNREAD;

import io.dugout.notification.Notification;
import io.dugout.store.rocksdb.NotificationEntries.Found;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Marks notifications read under the store's write lock: each notification rewritten read, its
 * unread entry deleted and its user's count lowered in one batch, of at most {@value #MARK_CHUNK}
 * notifications when marking all.
 */
final class ReadMarks {

  private static final int MARK_CHUNK = 1000;

  private final RocksDbStorage storage;
  private final NotificationEntries entries;
  private final UnreadCounts counts;
  private final ReentrantLock writes;

  ReadMarks(
      RocksDbStorage storage,
      NotificationEntries entries,
      UnreadCounts counts,
      ReentrantLock writes) {
    this.storage = storage;
    this.entries = entries;
    this.counts = counts;
    this.writes = writes;
  }

  int markRead(String userId, Collection<String> ids, Instant at, Instant now) {
    writes.lock();
    try {
      var toMark = new ArrayList<Found>();
      for (String id : new LinkedHashSet<>(ids)) {
        var found = entries.find(userId, id);
        if (found != null
            && found.notification().unread()
            && !found.notification().expiredAt(now)) {
          toMark.add(found);
        }
      }
      write(userId, toMark, at);
      return toMark.size();
    } finally {
      writes.unlock();
    }
  }

  int markAllRead(String userId, Instant upTo, Instant at, Instant now) {
    writes.lock();
    try {
      byte[] from = Keys.prefix(userId);
      byte[] to = upTo == null ? Keys.prefixEnd(userId) : Keys.timed(userId, nanos(upTo) + 1, "");
      int marked = 0;
      while (true) {
        var chunk = new ArrayList<Found>();
        byte[][] last = {null};
        storage.scan(
            NOTIFICATIONS,
            from,
            to,
            true,
            (key, value) -> {
              last[0] = key;
              var n = Json.read(value, Notification.class);
              if (n.unread() && !n.expiredAt(now)) {
                chunk.add(new Found(n, entries.indexedAt(n)));
              }
              return chunk.size() < MARK_CHUNK;
            });
        write(userId, chunk, at);
        marked += chunk.size();
        if (chunk.size() < MARK_CHUNK) {
          return marked;
        }
        to = last[0];
      }
    } finally {
      writes.unlock();
    }
  }

  /** Writes the notifications read at {@code at}, and lowers their user's count. */
  private void write(String userId, List<Found> unread, Instant at) {
    if (unread.isEmpty()) {
      return;
    }
    storage.write(
        batch -> {
          for (Found found : unread) {
            var n = found.notification();
            batch.put(NOTIFICATIONS, notificationKey(n), Json.write(n.readAt(at)));
            batch.delete(NOTIFICATION_UNREAD, unreadKey(userId, found.indexedAt(), n.id()));
          }
          counts.add(batch, userId, -unread.size());
        });
  }
}
