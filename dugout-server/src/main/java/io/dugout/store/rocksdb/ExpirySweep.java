package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.NotificationEntries.expiryKey;
import static io.dugout.store.rocksdb.NotificationEntries.nanos;
import static io.dugout.store.rocksdb.NotificationEntries.unreadKey;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATION_COLLAPSE;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATION_EXPIRY;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATION_IDS;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATION_SENDS;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATION_UNREAD;

import io.dugout.store.rocksdb.NotificationEntries.Found;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Deletes expired notifications and idempotency keys by their expiry entries. The due entries are
 * scanned without the store's write lock and swept under it, one batch per chunk.
 */
final class ExpirySweep {

  private final RocksDbStorage storage;
  private final NotificationEntries entries;
  private final UnreadCounts counts;
  private final ReentrantLock writes;

  ExpirySweep(
      RocksDbStorage storage,
      NotificationEntries entries,
      UnreadCounts counts,
      ReentrantLock writes) {
    this.storage = storage;
    this.entries = entries;
    this.counts = counts;
    this.writes = writes;
  }

  /**
   * Sweeps the expiry entries due by {@code now}, one write per at most {@code max} of them, until
   * {@code max} notifications are deleted or none is due. An entry whose notification a collapse
   * gave a later expiry moves there with the notification's unread entry, and is not counted.
   */
  int removeExpired(Instant now, int max) {
    int removed = 0;
    while (removed < max) {
      var due = new ArrayList<byte[]>();
      int chunk = max - removed;
      storage.scan(
          NOTIFICATION_EXPIRY,
          new byte[0],
          Keys.expiryFrom(nanos(now) + 1),
          false,
          (key, value) -> {
            due.add(key);
            return due.size() < chunk;
          });
      if (due.isEmpty()) {
        return removed;
      }
      removed += sweep(due, now);
    }
    return removed;
  }

  /** Deletes or moves what the due expiry entries point at; returns how many it deleted. */
  private int sweep(List<byte[]> due, Instant now) {
    writes.lock();
    try {
      int[] removed = {0};
      storage.write(
          batch -> {
            var deltas = new HashMap<String, Long>();
            for (byte[] key : due) {
              batch.delete(NOTIFICATION_EXPIRY, key);
              String[] parts = Keys.expiryParts(key);
              if (Keys.isSendExpiry(key)) {
                batch.delete(NOTIFICATION_SENDS, Keys.pair(parts[0], parts[1]));
                continue;
              }
              var found = entries.find(parts[0], parts[1]);
              // why: an entry that is not the notification's own (left behind by an older version
              // of this store) points at nothing due
              if (found == null || found.indexedAt() != Keys.seqValueOf(key)) {
                continue;
              }
              var n = found.notification();
              if (n.expiredAt(now)) {
                NotificationEntries.delete(
                    batch, n.userId(), n.id(), nanos(n.createdAt()), found.indexedAt());
                if (n.collapseKey() != null) {
                  batch.delete(NOTIFICATION_COLLAPSE, Keys.pair(n.userId(), n.collapseKey()));
                }
                deltas.merge(n.userId(), n.unread() ? -1L : 0L, Long::sum);
                removed[0]++;
              } else {
                move(batch, found);
              }
            }
            deltas.forEach((user, delta) -> counts.add(batch, user, delta));
          });
      return removed[0];
    } finally {
      writes.unlock();
    }
  }

  /** Moves a notification's expiry and unread entries from where they are to its expiry. */
  private static void move(RocksDbStorage.Batch batch, Found found) {
    var n = found.notification();
    long expiresAt = nanos(n.expiresAt());
    batch.put(NOTIFICATION_EXPIRY, expiryKey(n.userId(), expiresAt, n.id()), new byte[0]);
    if (n.unread()) {
      batch.delete(NOTIFICATION_UNREAD, unreadKey(n.userId(), found.indexedAt(), n.id()));
      batch.put(NOTIFICATION_UNREAD, unreadKey(n.userId(), expiresAt, n.id()), new byte[0]);
    }
    batch.put(NOTIFICATION_IDS, Keys.pair(n.userId(), n.id()), IdEntry.of(n, expiresAt));
    if (n.collapseKey() != null) {
      batch.put(
          NOTIFICATION_COLLAPSE,
          Keys.pair(n.userId(), n.collapseKey()),
          CollapseEntry.of(n, expiresAt).bytes());
    }
  }
}
