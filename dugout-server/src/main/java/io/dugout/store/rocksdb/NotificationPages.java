package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.RocksDbStorage.Family.NOTIFICATIONS;

import io.dugout.notification.Notification;
import io.dugout.notification.NotificationCursor;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Pages of a user's notifications: one reverse range scan over the user's createdAt-ordered
 * notifications below the cursor, skipping the expired ones not swept yet. Takes no lock.
 */
final class NotificationPages {

  private final RocksDbStorage storage;

  NotificationPages(RocksDbStorage storage) {
    this.storage = storage;
  }

  List<Notification> page(
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
}
