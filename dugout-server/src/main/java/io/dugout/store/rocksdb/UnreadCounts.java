package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.NotificationEntries.nanos;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATION_COUNTS;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATION_IDS;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATION_UNREAD;

import java.nio.ByteBuffer;
import java.time.Instant;

/**
 * Each user's unread count: a counter per user kept in the same write batches as the notifications
 * that move it, minus the user's unread notifications that expired but are not yet swept: a range
 * read over the user's unread entries at or before now, one seek when the sweep keeps up.
 */
final class UnreadCounts {

  private final RocksDbStorage storage;

  UnreadCounts(RocksDbStorage storage) {
    this.storage = storage;
  }

  /**
   * The stored count less the user's unread notifications that expired but are not swept yet. The
   * unread entries at or before {@code now} are those, and those of notifications a collapse gave a
   * later expiry (their entries move when the sweep reaches them); each one's id entry tells which.
   */
  long unreadCount(String userId, Instant now) {
    long[] expired = {0};
    int timeAt = Keys.utf8(userId).length + 1;
    storage.scan(
        NOTIFICATION_UNREAD,
        Keys.prefix(userId),
        Keys.timed(userId, nanos(now) + 1, ""),
        false,
        (key, value) -> {
          long indexedAt = ByteBuffer.wrap(key, timeAt, 8).getLong();
          byte[] index =
              storage.get(NOTIFICATION_IDS, Keys.pair(userId, Keys.suffix(key, timeAt + 8)));
          if (index != null && IdEntry.expiredAt(index, indexedAt, nanos(now))) {
            expired[0]++;
          }
          return true;
        });
    return Math.max(0, count(userId) - expired[0]);
  }

  /** Only under the write lock: reads the counter and puts it back moved by {@code delta}. */
  void add(RocksDbStorage.Batch batch, String userId, long delta) {
    if (delta != 0) {
      long now = Math.max(0, count(userId) + delta);
      batch.put(NOTIFICATION_COUNTS, Keys.utf8(userId), Keys.seqValue(now));
    }
  }

  private long count(String userId) {
    byte[] value = storage.get(NOTIFICATION_COUNTS, Keys.utf8(userId));
    return value == null ? 0 : Keys.seqValueOf(value);
  }
}
