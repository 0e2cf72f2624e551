package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.NotificationEntries.expiryKey;
import static io.dugout.store.rocksdb.NotificationEntries.nanos;
import static io.dugout.store.rocksdb.NotificationEntries.notificationKey;
import static io.dugout.store.rocksdb.NotificationEntries.unreadKey;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATIONS;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATION_COLLAPSE;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATION_EXPIRY;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATION_IDS;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATION_UNREAD;

import io.dugout.notification.Notification;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Collapses notifications into the one a user holds per collapse key, under the store's write lock.
 *
 * <p>A collapse that updates a held notification leaves its expiry and unread entries where they
 * are, because the expiry only moves later: the update writes four keys (the notification moved to
 * its new time, its id entry, the collapse entry) instead of nine. The sweep moves such an entry to
 * the notification's expiry when it comes due, once per retention period at most.
 */
final class Collapses {

  private final RocksDbStorage storage;
  private final NotificationEntries entries;
  private final UnreadCounts counts;
  private final ReentrantLock writes;

  Collapses(
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
   * One write batch for each run of notifications to distinct users: a user's collapse entry,
   * unread entry and count are touched by one notification of the run only, so reading them all
   * before writing any is what collapsing one after another would read. A chat message's
   * notifications (one per absent member) are one run, one write instead of one per member.
   */
  List<Notification> collapseAll(List<Notification> fresh, Instant now) {
    var stored = new ArrayList<Notification>(fresh.size());
    writes.lock();
    try {
      int from = 0;
      while (from < fresh.size()) {
        var users = new HashSet<String>();
        int to = from;
        while (to < fresh.size() && users.add(fresh.get(to).userId())) {
          to++;
        }
        var run = fresh.subList(from, to).stream().map(n -> collapsing(n, now)).toList();
        storage.write(
            batch ->
                run.forEach(
                    one -> {
                      one.writeTo(batch);
                      // why: reads the stored count, which no other notification of the run moves
                      counts.add(batch, one.stored().userId(), one.unreadAdded());
                    }));
        run.forEach(one -> stored.add(one.stored()));
        from = to;
      }
      return stored;
    } finally {
      writes.unlock();
    }
  }

  /** The user's live notification under the collapse key, null when none is. */
  Notification held(String userId, String collapseKey, Instant now) {
    CollapseEntry entry =
        held(userId, storage.get(NOTIFICATION_COLLAPSE, Keys.pair(userId, collapseKey)));
    if (entry == null || entry.expiredAt(now)) {
      return null;
    }
    var found = entries.find(userId, entry.id());
    return found == null ? null : found.notification();
  }

  /** What collapsing {@code fresh} writes, read before anything of its run is written. */
  private Collapsing collapsing(Notification fresh, Instant now) {
    byte[] collapseKey = Keys.pair(fresh.userId(), fresh.collapseKey());
    CollapseEntry held = held(fresh.userId(), storage.get(NOTIFICATION_COLLAPSE, collapseKey));
    boolean replaces = held != null && !held.expiredAt(now);
    Notification stored = replaces ? fresh.replacing(held.id(), held.count()) : fresh;
    long expiresAt = nanos(stored.expiresAt());
    // why: entries stay where they are while the notification's expiry only moves later; the
    // sweep moves them once they come due (see ExpirySweep)
    long indexedAt = replaces && held.indexedAt() <= expiresAt ? held.indexedAt() : expiresAt;
    boolean heldUnread =
        held != null
            && storage.get(
                    NOTIFICATION_UNREAD, unreadKey(fresh.userId(), held.indexedAt(), held.id()))
                != null;
    // why: an unread one replacing an unread one leaves the count as it is
    return new Collapsing(collapseKey, held, heldUnread, stored, indexedAt, heldUnread ? 0 : 1);
  }

  /**
   * What a collapse entry says about the notification it points at; an entry written before entries
   * held more than the id is read through the notification itself.
   */
  private CollapseEntry held(String userId, byte[] entry) {
    if (entry == null) {
      return null;
    }
    if (CollapseEntry.hasFields(entry)) {
      return CollapseEntry.from(entry);
    }
    var legacy = entries.find(userId, Keys.string(entry));
    return legacy == null ? null : CollapseEntry.of(legacy.notification(), legacy.indexedAt());
  }

  /**
   * One collapse's writes: the held notification out, the stored one in, and by how much the user's
   * unread count grows. When the stored one takes the held one's place (its id) and its entries
   * stay, that is the notification moved to its new time, its id entry and the collapse entry: four
   * keys.
   */
  private record Collapsing(
      byte[] collapseKey,
      CollapseEntry held,
      boolean heldUnread,
      Notification stored,
      long indexedAt,
      int unreadAdded) {

    void writeTo(RocksDbStorage.Batch batch) {
      String userId = stored.userId();
      if (held == null) {
        NotificationEntries.put(batch, stored);
      } else if (!held.id().equals(stored.id())) {
        NotificationEntries.delete(batch, userId, held.id(), held.createdAt(), held.indexedAt());
        NotificationEntries.put(batch, stored);
      } else {
        batch.delete(NOTIFICATIONS, Keys.timed(userId, held.createdAt(), held.id()));
        batch.put(NOTIFICATIONS, notificationKey(stored), Json.write(stored));
        batch.put(NOTIFICATION_IDS, Keys.pair(userId, stored.id()), IdEntry.of(stored, indexedAt));
        if (indexedAt != held.indexedAt()) {
          batch.delete(NOTIFICATION_EXPIRY, expiryKey(userId, held.indexedAt(), held.id()));
          batch.delete(NOTIFICATION_UNREAD, unreadKey(userId, held.indexedAt(), held.id()));
          batch.put(NOTIFICATION_EXPIRY, expiryKey(userId, indexedAt, stored.id()), new byte[0]);
        }
        if (indexedAt != held.indexedAt() || !heldUnread) {
          batch.put(NOTIFICATION_UNREAD, unreadKey(userId, indexedAt, stored.id()), new byte[0]);
        }
      }
      batch.put(NOTIFICATION_COLLAPSE, collapseKey, CollapseEntry.of(stored, indexedAt).bytes());
    }
  }
}
