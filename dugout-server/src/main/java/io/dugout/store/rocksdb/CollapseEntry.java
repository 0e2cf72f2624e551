package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.NotificationEntries.nanos;

import io.dugout.notification.Notification;
import java.nio.ByteBuffer;
import java.time.Instant;

/**
 * The value of a collapse entry: what a collapse needs of the notification the entry points at (the
 * one it holds: its id, times, count and where its entries are), so that a collapse neither finds
 * nor decodes it. Whether it is unread is the one thing a collapse reads from elsewhere (its unread
 * entry), because marking read does not touch collapse entries. Version 1 entries had no entry
 * time; a notification's entries were then always at its expiry.
 */
record CollapseEntry(String id, long createdAt, long expiresAt, int count, long indexedAt) {

  /** The first byte of a collapse entry with fields; an id (a UUID) never starts with one. */
  private static final byte VERSION_1 = 1;

  private static final byte VERSION = 2;

  /** Version 1's header: the version, both times and the count; the id follows. */
  private static final int HEADER_1 = 1 + 8 + 8 + 4;

  /** The version, both times, the count and the entry time; the id follows. */
  private static final int HEADER = HEADER_1 + 8;

  static CollapseEntry of(Notification n, long indexedAt) {
    return new CollapseEntry(
        n.id(), nanos(n.createdAt()), nanos(n.expiresAt()), n.count(), indexedAt);
  }

  /** Whether {@code entry} has fields; an entry written before that holds the id alone. */
  static boolean hasFields(byte[] entry) {
    return (entry[0] == VERSION && entry.length > HEADER)
        || (entry[0] == VERSION_1 && entry.length > HEADER_1);
  }

  static CollapseEntry from(byte[] entry) {
    var in = ByteBuffer.wrap(entry, 1, entry.length - 1);
    long createdAt = in.getLong();
    long expiresAt = in.getLong();
    int count = in.getInt();
    if (entry[0] == VERSION_1) {
      return new CollapseEntry(
          Keys.suffix(entry, HEADER_1), createdAt, expiresAt, count, expiresAt);
    }
    long indexedAt = in.getLong();
    return new CollapseEntry(Keys.suffix(entry, HEADER), createdAt, expiresAt, count, indexedAt);
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
