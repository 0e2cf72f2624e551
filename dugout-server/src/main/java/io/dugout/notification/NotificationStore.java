package io.dugout.notification;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Keeps every user's notifications until they expire, with each user's unread count.
 *
 * <p>Guarantees every adapter keeps (checked by {@code NotificationStoreContract}):
 *
 * <ul>
 *   <li><b>Durable on return.</b> What {@link #add}, {@link #collapse} and the read markings
 *       changed survives a restart of the process once the method returns; when one throws, a later
 *       retry with the same idempotency key is safe.
 *   <li><b>Idempotent sends.</b> An {@link #add} with an idempotency key that was used before in
 *       the same scope stores nothing and returns the ids the first call returned, however many
 *       callers race with the same key. A key lives as long as the notifications it created.
 *   <li><b>One per collapse key.</b> A user has at most one notification per collapse key: {@link
 *       #collapse} updates it (count + the newer one's count, newer content and createdAt, unread
 *       again) instead of adding one.
 *   <li><b>Expired is gone.</b> A notification whose {@code expiresAt} is at or before the {@code
 *       now} a read is given is never returned, counted or marked, whether or not {@link
 *       #removeExpired} (or a TTL index) has removed it yet.
 *   <li><b>Cursor pages.</b> {@link #page} returns a user's notifications newest first by {@code
 *       createdAt}, then id; a page after a cursor starts right below it, whatever was added above
 *       it meanwhile.
 *   <li><b>Unread count without a scan of the user's notifications.</b> {@link #unreadCount} is
 *       kept by the store (see each adapter for how).
 *   <li>All methods are thread-safe.
 * </ul>
 */
public interface NotificationStore {

  /**
   * Stores new notifications (each with a fresh id and no collapse key) in one go, unless {@code
   * key} (may be null) was used before.
   */
  Added add(List<Notification> notifications, IdempotencyKey key);

  /**
   * Stores {@code fresh} (which has a collapse key), or updates the user's live notification with
   * the same collapse key by {@link Notification#collapsedWith}; an expired one is replaced.
   *
   * @return the notification as stored now
   */
  Notification collapse(Notification fresh, Instant now);

  /**
   * {@link #collapse}s each of {@code fresh} as one call after another would, in their order, and
   * returns what each stored, durable on return like each collapse. When it throws, a prefix of
   * them may be stored, each whole. An adapter that can write several in one round trip overrides
   * this; the default collapses one at a time.
   */
  default List<Notification> collapseAll(List<Notification> fresh, Instant now) {
    var stored = new ArrayList<Notification>(fresh.size());
    for (Notification notification : fresh) {
      stored.add(collapse(notification, now));
    }
    return stored;
  }

  /**
   * The user's unexpired notification with this collapse key, read or not, null when there is none:
   * one point read, for a caller that must not {@link #collapse} an older one over it.
   */
  Notification held(String userId, String collapseKey, Instant now);

  /**
   * Up to {@code limit} of the user's unexpired notifications below {@code before} (null: from the
   * newest), newest first; only unread ones when {@code unreadOnly}.
   */
  List<Notification> page(
      String userId, NotificationCursor before, int limit, boolean unreadOnly, Instant now);

  /** How many of the user's unexpired notifications are unread. */
  long unreadCount(String userId, Instant now);

  /**
   * Marks the user's unexpired unread notifications with these ids read at {@code at}; ids of other
   * users' notifications and unknown ids change nothing.
   *
   * @return how many were unread before
   */
  int markRead(String userId, Collection<String> ids, Instant at, Instant now);

  /**
   * Marks every unexpired unread notification of the user created at or before {@code upTo} (null:
   * all) read at {@code at}.
   *
   * @return how many were unread before
   */
  int markAllRead(String userId, Instant upTo, Instant at, Instant now);

  /**
   * Deletes up to {@code max} notifications (and idempotency keys) that expired at or before {@code
   * now}.
   *
   * @return how many notifications it deleted
   */
  int removeExpired(Instant now, int max);

  /**
   * An idempotency key within its scope (the service that sent it), kept until {@code expiresAt}.
   */
  record IdempotencyKey(String scope, String key, Instant expiresAt) {}

  /** What {@link #add} returned: the ids in the order given, and whether this call stored them. */
  record Added(List<String> ids, boolean created) {}
}
