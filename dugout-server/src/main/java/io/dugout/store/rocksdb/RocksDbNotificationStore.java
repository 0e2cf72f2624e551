package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATIONS;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATION_COLLAPSE;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATION_COUNTS;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATION_EXPIRY;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATION_IDS;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATION_SENDS;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATION_UNREAD;

import io.dugout.notification.Notification;
import io.dugout.notification.NotificationCursor;
import io.dugout.notification.NotificationStore;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * {@link NotificationStore} on RocksDB (key layout in {@link Keys}). A notification and all its
 * index entries, and the unread counter it moves, go to disk in one write batch through the WAL.
 *
 * <p>Writes are serialised on one lock: each is a handful of point reads and one batch write, and a
 * batch send of 1,000 notifications is one write, so the lock is not what limits throughput on one
 * node; reads take no lock. The unread count is a counter per user kept in the same batches, minus
 * the user's unread notifications that expired but are not yet swept: a range read over the user's
 * unread entries at or before now, one seek when the sweep keeps up.
 *
 * <p>A collapse that updates a held notification leaves its expiry and unread entries where they
 * are, because the expiry only moves later: the update writes four keys (the notification moved to
 * its new time, its id entry, the collapse entry) instead of nine. The sweep moves such an entry to
 * the notification's expiry when it comes due, once per retention period at most.
 */
final class RocksDbNotificationStore implements NotificationStore {

  private static final byte NOTIFICATION = 'n';
  private static final byte SEND = 's';
  private static final int MARK_CHUNK = 1000;

  private final RocksDbStorage storage;
  private final ReentrantLock writes = new ReentrantLock();

  RocksDbNotificationStore(RocksDbStorage storage) {
    this.storage = storage;
  }

  @Override
  public Added add(List<Notification> notifications, IdempotencyKey key) {
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
      var counts = new HashMap<String, Long>();
      storage.write(
          batch -> {
            for (Notification n : notifications) {
              put(batch, n);
              counts.merge(n.userId(), n.unread() ? 1L : 0L, Long::sum);
            }
            counts.forEach((user, added) -> addToCount(batch, user, added));
            if (sendKey != null) {
              batch.put(NOTIFICATION_SENDS, sendKey, Json.write(new Sent(ids, key.expiresAt())));
              batch.put(
                  NOTIFICATION_EXPIRY,
                  Keys.expiry(nanos(key.expiresAt()), SEND, key.scope(), key.key()),
                  new byte[0]);
            }
          });
      return new Added(ids, true);
    } finally {
      writes.unlock();
    }
  }

  @Override
  public Notification collapse(Notification fresh, Instant now) {
    return collapseAll(List.of(fresh), now).getFirst();
  }

  /**
   * One write batch for each run of notifications to distinct users: a user's collapse entry,
   * unread entry and count are touched by one notification of the run only, so reading them all
   * before writing any is what collapsing one after another would read. A chat message's
   * notifications (one per absent member) are one run, one write instead of one per member.
   */
  @Override
  public List<Notification> collapseAll(List<Notification> fresh, Instant now) {
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
                      addToCount(batch, one.stored().userId(), one.unreadAdded());
                    }));
        run.forEach(one -> stored.add(one.stored()));
        from = to;
      }
      return stored;
    } finally {
      writes.unlock();
    }
  }

  /** What collapsing {@code fresh} writes, read before anything of its run is written. */
  private Collapsing collapsing(Notification fresh, Instant now) {
    byte[] collapseKey = Keys.pair(fresh.userId(), fresh.collapseKey());
    Held held = held(fresh.userId(), storage.get(NOTIFICATION_COLLAPSE, collapseKey));
    boolean replaces = held != null && !held.expiredAt(now);
    Notification stored = replaces ? fresh.replacing(held.id(), held.count()) : fresh;
    long expiresAt = nanos(stored.expiresAt());
    // why: entries stay where they are while the notification's expiry only moves later; the
    // sweep moves them once they come due (see removeExpired)
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
   * One collapse's writes: the held notification out, the stored one in, and by how much the user's
   * unread count grows. When the stored one takes the held one's place (its id) and its entries
   * stay, that is the notification moved to its new time, its id entry and the collapse entry: four
   * keys.
   */
  private record Collapsing(
      byte[] collapseKey,
      Held held,
      boolean heldUnread,
      Notification stored,
      long indexedAt,
      int unreadAdded) {

    void writeTo(RocksDbStorage.Batch batch) {
      String userId = stored.userId();
      if (held == null) {
        put(batch, stored);
      } else if (!held.id().equals(stored.id())) {
        delete(batch, userId, held.id(), held.createdAt(), held.indexedAt());
        put(batch, stored);
      } else {
        batch.delete(NOTIFICATIONS, Keys.timed(userId, held.createdAt(), held.id()));
        batch.put(NOTIFICATIONS, notificationKey(stored), Json.write(stored));
        batch.put(NOTIFICATION_IDS, Keys.pair(userId, stored.id()), Index.of(stored, indexedAt));
        if (indexedAt != held.indexedAt()) {
          batch.delete(NOTIFICATION_EXPIRY, expiryKey(userId, held.indexedAt(), held.id()));
          batch.delete(NOTIFICATION_UNREAD, unreadKey(userId, held.indexedAt(), held.id()));
          batch.put(NOTIFICATION_EXPIRY, expiryKey(userId, indexedAt, stored.id()), new byte[0]);
        }
        if (indexedAt != held.indexedAt() || !heldUnread) {
          batch.put(NOTIFICATION_UNREAD, unreadKey(userId, indexedAt, stored.id()), new byte[0]);
        }
      }
      batch.put(NOTIFICATION_COLLAPSE, collapseKey, Held.of(stored, indexedAt).bytes());
    }
  }

  /**
   * What a collapse entry says about the notification it points at; an entry written before entries
   * held more than the id is read through the notification itself.
   */
  private Held held(String userId, byte[] entry) {
    if (entry == null) {
      return null;
    }
    if (Held.isHeld(entry)) {
      return Held.from(entry);
    }
    var legacy = find(userId, Keys.string(entry));
    return legacy == null ? null : Held.of(legacy.notification(), legacy.indexedAt());
  }

  @Override
  public List<Notification> page(
      String userId, NotificationCursor before, int limit, boolean unreadOnly, Instant now) {
    var page = new ArrayList<Notification>(Math.min(limit, 128));
    if (limit <= 0) {
      return page;
    }
    byte[] to =
        before == null
            ? Keys.prefixEnd(userId)
            : Keys.timed(userId, before.epochNanos(), before.id());
    storage.scan(
        NOTIFICATIONS,
        Keys.prefix(userId),
        to,
        true,
        (key, value) -> {
          var n = Json.read(value, Notification.class);
          if (!n.expiredAt(now) && (!unreadOnly || n.unread())) {
            page.add(n);
          }
          return page.size() < limit;
        });
    return page;
  }

  /**
   * The stored count less the user's unread notifications that expired but are not swept yet. The
   * unread entries at or before {@code now} are those, and those of notifications a collapse gave a
   * later expiry (their entries move when the sweep reaches them); each one's id entry tells which.
   */
  @Override
  public long unreadCount(String userId, Instant now) {
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
          if (index != null && Index.expiredAt(index, indexedAt, nanos(now))) {
            expired[0]++;
          }
          return true;
        });
    return Math.max(0, count(userId) - expired[0]);
  }

  @Override
  public int markRead(String userId, Collection<String> ids, Instant at, Instant now) {
    writes.lock();
    try {
      var toMark = new ArrayList<Found>();
      for (String id : new java.util.LinkedHashSet<>(ids)) {
        var found = find(userId, id);
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

  @Override
  public int markAllRead(String userId, Instant upTo, Instant at, Instant now) {
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
                chunk.add(new Found(n, indexedAt(n)));
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

  /**
   * Sweeps the expiry entries due by {@code now}, one write per at most {@code max} of them, until
   * {@code max} notifications are deleted or none is due. An entry whose notification a collapse
   * gave a later expiry moves there with the notification's unread entry, and is not counted.
   */
  @Override
  public int removeExpired(Instant now, int max) {
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
            var counts = new HashMap<String, Long>();
            for (byte[] key : due) {
              batch.delete(NOTIFICATION_EXPIRY, key);
              String[] parts = Keys.expiryParts(key);
              if (key[8] == SEND) {
                batch.delete(NOTIFICATION_SENDS, Keys.pair(parts[0], parts[1]));
                continue;
              }
              var found = find(parts[0], parts[1]);
              // why: an entry that is not the notification's own (left behind by an older version
              // of this store) points at nothing due
              if (found == null || found.indexedAt() != Keys.seqValueOf(key)) {
                continue;
              }
              var n = found.notification();
              if (n.expiredAt(now)) {
                delete(batch, n.userId(), n.id(), nanos(n.createdAt()), found.indexedAt());
                if (n.collapseKey() != null) {
                  batch.delete(NOTIFICATION_COLLAPSE, Keys.pair(n.userId(), n.collapseKey()));
                }
                counts.merge(n.userId(), n.unread() ? -1L : 0L, Long::sum);
                removed[0]++;
              } else {
                move(batch, found);
              }
            }
            counts.forEach((user, delta) -> addToCount(batch, user, delta));
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
    batch.put(NOTIFICATION_IDS, Keys.pair(n.userId(), n.id()), Index.of(n, expiresAt));
    if (n.collapseKey() != null) {
      batch.put(
          NOTIFICATION_COLLAPSE,
          Keys.pair(n.userId(), n.collapseKey()),
          Held.of(n, expiresAt).bytes());
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
          addToCount(batch, userId, -unread.size());
        });
  }

  private Found find(String userId, String id) {
    byte[] index = storage.get(NOTIFICATION_IDS, Keys.pair(userId, id));
    if (index == null) {
      return null;
    }
    byte[] value = storage.get(NOTIFICATIONS, Keys.timed(userId, Keys.seqValueOf(index), id));
    if (value == null) {
      return null;
    }
    var n = Json.read(value, Notification.class);
    return new Found(n, Index.indexedAt(index, n));
  }

  /** Where the notification's expiry and unread entries are, read from its id entry. */
  private long indexedAt(Notification n) {
    byte[] index = storage.get(NOTIFICATION_IDS, Keys.pair(n.userId(), n.id()));
    return index == null ? nanos(n.expiresAt()) : Index.indexedAt(index, n);
  }

  /** Puts a notification and its entries, all at its expiry; the caller moves the count. */
  private static void put(RocksDbStorage.Batch batch, Notification n) {
    long expiresAt = nanos(n.expiresAt());
    batch.put(NOTIFICATIONS, notificationKey(n), Json.write(n));
    batch.put(NOTIFICATION_IDS, Keys.pair(n.userId(), n.id()), Index.of(n, expiresAt));
    batch.put(NOTIFICATION_EXPIRY, expiryKey(n.userId(), expiresAt, n.id()), new byte[0]);
    if (n.unread()) {
      batch.put(NOTIFICATION_UNREAD, unreadKey(n.userId(), expiresAt, n.id()), new byte[0]);
    }
  }

  /** Deletes a notification and its entries (not its collapse key); the caller counts. */
  private static void delete(
      RocksDbStorage.Batch batch, String userId, String id, long createdAt, long indexedAt) {
    batch.delete(NOTIFICATIONS, Keys.timed(userId, createdAt, id));
    batch.delete(NOTIFICATION_IDS, Keys.pair(userId, id));
    batch.delete(NOTIFICATION_EXPIRY, expiryKey(userId, indexedAt, id));
    batch.delete(NOTIFICATION_UNREAD, unreadKey(userId, indexedAt, id));
  }

  private long count(String userId) {
    byte[] value = storage.get(NOTIFICATION_COUNTS, Keys.utf8(userId));
    return value == null ? 0 : Keys.seqValueOf(value);
  }

  /** Only under the write lock: reads the counter and puts it back moved by {@code delta}. */
  private void addToCount(RocksDbStorage.Batch batch, String userId, long delta) {
    if (delta != 0) {
      long now = Math.max(0, count(userId) + delta);
      batch.put(NOTIFICATION_COUNTS, Keys.utf8(userId), Keys.seqValue(now));
    }
  }

  private static byte[] notificationKey(Notification n) {
    return Keys.timed(n.userId(), nanos(n.createdAt()), n.id());
  }

  private static byte[] unreadKey(String userId, long indexedAt, String id) {
    return Keys.timed(userId, indexedAt, id);
  }

  private static byte[] expiryKey(String userId, long indexedAt, String id) {
    return Keys.expiry(indexedAt, NOTIFICATION, userId, id);
  }

  private static long nanos(Instant instant) {
    return NotificationCursor.epochNanos(instant);
  }

  /** What an idempotency key remembers: the ids the first send returned. */
  record Sent(List<String> ids, Instant expiresAt) {}

  /** A notification as read, with where its expiry and unread entries are. */
  private record Found(Notification notification, long indexedAt) {}

  /**
   * The value of an id entry: the notification's createdAt (its key), the time its expiry and
   * unread entries are at, and its expiry, so that the unread count tells an expired notification
   * from a collapsed one without reading it. Entries written before held only the createdAt; the
   * entries of such a notification are at its expiry.
   */
  private static final class Index {

    private static final int LENGTH = 24;

    private Index() {}

    static byte[] of(Notification n, long indexedAt) {
      return ByteBuffer.allocate(LENGTH)
          .putLong(nanos(n.createdAt()))
          .putLong(indexedAt)
          .putLong(nanos(n.expiresAt()))
          .array();
    }

    static long indexedAt(byte[] index, Notification n) {
      return index.length >= LENGTH ? ByteBuffer.wrap(index).getLong(8) : nanos(n.expiresAt());
    }

    /**
     * Whether the notification of this id entry has expired by {@code now}, seen from its unread
     * entry at {@code entryAt} (which is at or before now): its own entry and its expiry passed.
     */
    static boolean expiredAt(byte[] index, long entryAt, long now) {
      if (index.length < LENGTH) {
        return true; // why: an older entry is at the expiry itself
      }
      var in = ByteBuffer.wrap(index);
      return in.getLong(8) == entryAt && in.getLong(16) <= now;
    }
  }

  /**
   * The value of a collapse entry: what a collapse needs of the notification the entry points at
   * (its id, times, count and where its entries are), so that a collapse neither finds nor decodes
   * it. Whether it is unread is the one thing a collapse reads from elsewhere (its unread entry),
   * because marking read does not touch collapse entries. Version 1 entries had no entry time; a
   * notification's entries were then always at its expiry.
   */
  private record Held(String id, long createdAt, long expiresAt, int count, long indexedAt) {

    /** The first byte of a collapse entry with fields; an id (a UUID) never starts with one. */
    private static final byte VERSION_1 = 1;

    private static final byte VERSION = 2;

    /** Version 1's header: the version, both times and the count; the id follows. */
    private static final int HEADER_1 = 1 + 8 + 8 + 4;

    /** The version, both times, the count and the entry time; the id follows. */
    private static final int HEADER = HEADER_1 + 8;

    static Held of(Notification n, long indexedAt) {
      return new Held(n.id(), nanos(n.createdAt()), nanos(n.expiresAt()), n.count(), indexedAt);
    }

    static boolean isHeld(byte[] entry) {
      return (entry[0] == VERSION && entry.length > HEADER)
          || (entry[0] == VERSION_1 && entry.length > HEADER_1);
    }

    static Held from(byte[] entry) {
      var in = ByteBuffer.wrap(entry, 1, entry.length - 1);
      long createdAt = in.getLong();
      long expiresAt = in.getLong();
      int count = in.getInt();
      if (entry[0] == VERSION_1) {
        return new Held(Keys.suffix(entry, HEADER_1), createdAt, expiresAt, count, expiresAt);
      }
      long indexedAt = in.getLong();
      return new Held(Keys.suffix(entry, HEADER), createdAt, expiresAt, count, indexedAt);
    }

    byte[] bytes() {
      byte[] id = Keys.utf8(this.id);
      return ByteBuffer.allocate(HEADER + id.length)
          .put(VERSION)
          .putLong(createdAt)
          .putLong(expiresAt)
          .putInt(count)
          .putLong(indexedAt)
          .put(id)
          .array();
    }

    boolean expiredAt(Instant now) {
      return expiresAt <= nanos(now);
    }
  }
}
