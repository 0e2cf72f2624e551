package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.NotificationEntries.nanos;

import io.dugout.notification.Notification;
import java.nio.ByteBuffer;

/**
 * The value of a notification's id entry: the notification's createdAt (its key), the time its
 * expiry and unread entries are at, and its expiry, so that the unread count tells an expired
 * notification from a collapsed one without reading it. Entries written before held only the
 * createdAt; the entries of such a notification are at its expiry.
 */
final class IdEntry {

  private static final int LENGTH = 24;

  private IdEntry() {}

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
