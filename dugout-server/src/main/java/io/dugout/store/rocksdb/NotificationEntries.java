package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATIONS;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATION_EXPIRY;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATION_IDS;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATION_UNREAD;

import io.dugout.notification.Notification;
import io.dugout.notification.NotificationCursor;
import java.time.Instant;

/**
 * A notification's entries (layout in {@link Keys}): the notification under its createdAt, its id
 * entry ({@link IdEntry}), and its expiry and unread entries, both at its {@code indexedAt}. Puts
 * and deletes go into the caller's batch; the caller moves the user's unread count.
 */
final class NotificationEntries {

  private final RocksDbStorage storage;

  NotificationEntries(RocksDbStorage storage) {
    this.storage = storage;
  }

  /** The user's notification with this id and where its entries are, or null: two point reads. */
  Found find(String userId, String id) {
    byte[] index = storage.get(NOTIFICATION_IDS, Keys.pair(userId, id));
    if (index == null) {
      return null;
    }
    byte[] value = storage.get(NOTIFICATIONS, Keys.timed(userId, Keys.seqValueOf(index), id));
    if (value == null) {
      return null;
    }
    var n = Json.read(value, Notification.class);
    return new Found(n, IdEntry.indexedAt(index, n));
  }

  /** Where the notification's expiry and unread entries are, read from its id entry. */
  long indexedAt(Notification n) {
    byte[] index = storage.get(NOTIFICATION_IDS, Keys.pair(n.userId(), n.id()));
    return index == null ? nanos(n.expiresAt()) : IdEntry.indexedAt(index, n);
  }

  /** Puts a notification and its entries, all at its expiry; the caller moves the count. */
  static void put(RocksDbStorage.Batch batch, Notification n) {
    long expiresAt = nanos(n.expiresAt());
    batch.put(NOTIFICATIONS, notificationKey(n), Json.write(n));
    batch.put(NOTIFICATION_IDS, Keys.pair(n.userId(), n.id()), IdEntry.of(n, expiresAt));
    batch.put(NOTIFICATION_EXPIRY, expiryKey(n.userId(), expiresAt, n.id()), new byte[0]);
    if (n.unread()) {
      batch.put(NOTIFICATION_UNREAD, unreadKey(n.userId(), expiresAt, n.id()), new byte[0]);
    }
  }

  /** Deletes a notification and its entries (not its collapse key); the caller counts. */
  static void delete(
      RocksDbStorage.Batch batch, String userId, String id, long createdAt, long indexedAt) {
    batch.delete(NOTIFICATIONS, Keys.timed(userId, createdAt, id));
    batch.delete(NOTIFICATION_IDS, Keys.pair(userId, id));
    batch.delete(NOTIFICATION_EXPIRY, expiryKey(userId, indexedAt, id));
    batch.delete(NOTIFICATION_UNREAD, unreadKey(userId, indexedAt, id));
  }

  static byte[] notificationKey(Notification n) {
    return Keys.timed(n.userId(), nanos(n.createdAt()), n.id());
  }

  static byte[] unreadKey(String userId, long indexedAt, String id) {
    return Keys.timed(userId, indexedAt, id);
  }

  static byte[] expiryKey(String userId, long indexedAt, String id) {
    return Keys.notificationExpiry(indexedAt, userId, id);
  }

  static long nanos(Instant instant) {
    return NotificationCursor.epochNanos(instant);
  }

  /** A notification as read, with where its expiry and unread entries are. */
  record Found(Notification notification, long indexedAt) {}
}
