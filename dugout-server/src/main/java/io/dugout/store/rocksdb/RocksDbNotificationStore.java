package io.dugout.store.rocksdb;

import io.dugout.notification.Notification;
import io.dugout.notification.NotificationCursor;
import io.dugout.notification.NotificationStore;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * {@link NotificationStore} on RocksDB (key layout in {@link Keys}). A notification and all its
 * index entries ({@link NotificationEntries}), and the unread counter it moves ({@link
 * UnreadCounts}), go to disk in one write batch through the WAL.
 *
 * <p>Writes are serialised on one lock, shared by {@link IdempotentAdds}, {@link Collapses}, {@link
 * ReadMarks} and {@link ExpirySweep}: each is a handful of point reads and one batch write, and a
 * batch send of 1,000 notifications is one write, so the lock is not what limits throughput on one
 * node; reads ({@link NotificationPages}, {@link UnreadCounts#unreadCount}) take no lock.
 */
final class RocksDbNotificationStore implements NotificationStore {

  private final IdempotentAdds adds;
  private final Collapses collapses;
  private final NotificationPages pages;
  private final UnreadCounts counts;
  private final ReadMarks reads;
  private final ExpirySweep sweep;

  RocksDbNotificationStore(RocksDbStorage storage) {
    var writes = new ReentrantLock();
    var entries = new NotificationEntries(storage);
    this.counts = new UnreadCounts(storage);
    this.adds = new IdempotentAdds(storage, counts, writes);
    this.collapses = new Collapses(storage, entries, counts, writes);
    this.pages = new NotificationPages(storage);
    this.reads = new ReadMarks(storage, entries, counts, writes);
    this.sweep = new ExpirySweep(storage, entries, counts, writes);
  }

  @Override
  public Added add(List<Notification> notifications, IdempotencyKey key) {
    return adds.add(notifications, key);
  }

  @Override
  public Notification collapse(Notification fresh, Instant now) {
    return collapses.collapseAll(List.of(fresh), now).getFirst();
  }

  @Override
  public List<Notification> collapseAll(List<Notification> fresh, Instant now) {
    return collapses.collapseAll(fresh, now);
  }

  @Override
  public Notification held(String userId, String collapseKey, Instant now) {
    return collapses.held(userId, collapseKey, now);
  }

  @Override
  public List<Notification> page(
      String userId, NotificationCursor before, int limit, boolean unreadOnly, Instant now) {
    return pages.page(userId, before, limit, unreadOnly, now);
  }

  @Override
  public long unreadCount(String userId, Instant now) {
    return counts.unreadCount(userId, now);
  }

  @Override
  public int markRead(String userId, Collection<String> ids, Instant at, Instant now) {
    return reads.markRead(userId, ids, at, now);
  }

  @Override
  public int markAllRead(String userId, Instant upTo, Instant at, Instant now) {
    return reads.markAllRead(userId, upTo, at, now);
  }

  @Override
  public int removeExpired(Instant now, int max) {
    return sweep.removeExpired(now, max);
  }
}
