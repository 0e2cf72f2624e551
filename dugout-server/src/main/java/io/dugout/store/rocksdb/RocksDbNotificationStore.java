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
 * the user's unread notifications that expired but are not yet swept: a range read that starts at
 * the user's earliest unread expiry and stops at the first that has not expired, so it costs one
 * seek when the sweep keeps up.
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
    Notification stored =
        held == null || held.expiredAt(now) ? fresh : fresh.replacing(held.id(), held.count());
    boolean heldUnread =
        held != null
            && storage.get(
                    NOTIFICATION_UNREAD, unreadKey(fresh.userId(), held.expiresAt(), held.id()))
                != null;
    // why: an unread one replacing an unread one leaves the count as it is
    return new Collapsing(collapseKey, held, stored, heldUnread ? 0 : 1);
  }

  /**
   * One collapse's writes: the held notification out, the stored one in, and by how much the user's
   * unread count grows.
   */
  private record Collapsing(byte[] collapseKey, Held held, Notification stored, int unreadAdded) {

    void writeTo(RocksDbStorage.Batch batch) {
      if (held != null) {
        delete(batch, stored.userId(), held.id(), held.createdAt(), held.expiresAt());
      }
      put(batch, stored);
      batch.put(NOTIFICATION_COLLAPSE, collapseKey, Held.of(stored).bytes());
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
    return legacy == null ? null : Held.of(legacy);
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

  @Override
  public long unreadCount(String userId, Instant now) {
    long[] expired = {0};
    storage.scan(
        NOTIFICATION_UNREAD,
        Keys.prefix(userId),
        Keys.timed(userId, nanos(now) + 1, ""),
        false,
        (key, value) -> {
          expired[0]++;
          return true;
        });
    return Math.max(0, count(userId) - expired[0]);
  }

  @Override
  public int markRead(String userId, Collection<String> ids, Instant at, Instant now) {
    writes.lock();
    try {
      var toMark = new ArrayList<Notification>();
      for (String id : new java.util.LinkedHashSet<>(ids)) {
        var n = find(userId, id);
        if (n != null && n.unread() && !n.expiredAt(now)) {
          toMark.add(n);
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
        var chunk = new ArrayList<Notification>();
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
                chunk.add(n);
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

  @Override
  public int removeExpired(Instant now, int max) {
    var due = new ArrayList<byte[]>();
    storage.scan(
        NOTIFICATION_EXPIRY,
        new byte[0],
        Keys.expiryFrom(nanos(now) + 1),
        false,
        (key, value) -> {
          due.add(key);
          return due.size() < max;
        });
    if (due.isEmpty()) {
      return 0;
    }
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
              var n = find(parts[0], parts[1]);
              // why: an entry left behind by a collapse that moved the expiry points at nothing due
              if (n != null && n.expiredAt(now)) {
                delete(batch, n);
                if (n.collapseKey() != null) {
                  batch.delete(NOTIFICATION_COLLAPSE, Keys.pair(n.userId(), n.collapseKey()));
                }
                counts.merge(n.userId(), n.unread() ? -1L : 0L, Long::sum);
                removed[0]++;
              }
            }
            counts.forEach((user, delta) -> addToCount(batch, user, delta));
          });
      return removed[0];
    } finally {
      writes.unlock();
    }
  }

  /** Writes the notifications read at {@code at}, and lowers their user's count. */
  private void write(String userId, List<Notification> unread, Instant at) {
    if (unread.isEmpty()) {
      return;
    }
    storage.write(
        batch -> {
          for (Notification n : unread) {
            batch.put(NOTIFICATIONS, notificationKey(n), Json.write(n.readAt(at)));
            batch.delete(NOTIFICATION_UNREAD, unreadKey(n));
          }
          addToCount(batch, userId, -unread.size());
        });
  }

  private Notification find(String userId, String id) {
    byte[] createdAt = storage.get(NOTIFICATION_IDS, Keys.pair(userId, id));
    if (createdAt == null) {
      return null;
    }
    byte[] value = storage.get(NOTIFICATIONS, Keys.timed(userId, Keys.seqValueOf(createdAt), id));
    return value == null ? null : Json.read(value, Notification.class);
  }

  /** Puts a notification and its index entries; the caller moves the count. */
  private static void put(RocksDbStorage.Batch batch, Notification n) {
    batch.put(NOTIFICATIONS, notificationKey(n), Json.write(n));
    batch.put(NOTIFICATION_IDS, Keys.pair(n.userId(), n.id()), Keys.seqValue(nanos(n.createdAt())));
    batch.put(NOTIFICATION_EXPIRY, expiryKey(n), new byte[0]);
    if (n.unread()) {
      batch.put(NOTIFICATION_UNREAD, unreadKey(n), new byte[0]);
    }
  }

  /** Deletes a notification and its index entries (not its collapse key); the caller counts. */
  private static void delete(RocksDbStorage.Batch batch, Notification n) {
    delete(batch, n.userId(), n.id(), nanos(n.createdAt()), nanos(n.expiresAt()));
  }

  private static void delete(
      RocksDbStorage.Batch batch, String userId, String id, long createdAt, long expiresAt) {
    batch.delete(NOTIFICATIONS, Keys.timed(userId, createdAt, id));
    batch.delete(NOTIFICATION_IDS, Keys.pair(userId, id));
    batch.delete(NOTIFICATION_EXPIRY, Keys.expiry(expiresAt, NOTIFICATION, userId, id));
    batch.delete(NOTIFICATION_UNREAD, unreadKey(userId, expiresAt, id));
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

  private static byte[] unreadKey(Notification n) {
    return unreadKey(n.userId(), nanos(n.expiresAt()), n.id());
  }

  private static byte[] unreadKey(String userId, long expiresAt, String id) {
    return Keys.timed(userId, expiresAt, id);
  }

  private static byte[] expiryKey(Notification n) {
    return Keys.expiry(nanos(n.expiresAt()), NOTIFICATION, n.userId(), n.id());
  }

  private static long nanos(Instant instant) {
    return NotificationCursor.epochNanos(instant);
  }

  /** What an idempotency key remembers: the ids the first send returned. */
  record Sent(List<String> ids, Instant expiresAt) {}

  /**
   * The value of a collapse entry: what a collapse needs of the notification the entry points at
   * (its id, times and count), so that a collapse neither finds nor decodes it. Whether it is
   * unread is the one thing a collapse reads from elsewhere (its unread index entry), because
   * marking read does not touch collapse entries.
   */
  private record Held(String id, long createdAt, long expiresAt, int count) {

    /** The first byte of a collapse entry with fields; an id (a UUID) never starts with it. */
    private static final byte VERSION = 1;

    /** The version, both times and the count; the id follows. */
    private static final int HEADER = 1 + 8 + 8 + 4;

    static Held of(Notification n) {
      return new Held(n.id(), nanos(n.createdAt()), nanos(n.expiresAt()), n.count());
    }

    static boolean isHeld(byte[] entry) {
      return entry.length > HEADER && entry[0] == VERSION;
    }

    static Held from(byte[] entry) {
      var in = ByteBuffer.wrap(entry, 1, entry.length - 1);
      long createdAt = in.getLong();
      long expiresAt = in.getLong();
      int count = in.getInt();
      return new Held(Keys.suffix(entry, HEADER), createdAt, expiresAt, count);
    }

    byte[] bytes() {
      byte[] id = Keys.utf8(this.id);
      return ByteBuffer.allocate(HEADER + id.length)
          .put(VERSION)
          .putLong(createdAt)
          .putLong(expiresAt)
          .putInt(count)
          .put(id)
          .array();
    }

    boolean expiredAt(Instant now) {
      return expiresAt <= nanos(now);
    }
  }
}
