package io.dugout.notification;

import java.time.Instant;

/**
 * A stored notification of one user.
 *
 * @param data the product's free-form JSON object as compact JSON text, or null
 * @param count how many events it stands for: 1, or more for a collapsed one that was updated
 * @param readAt when its user marked it read; null while unread
 * @param expiresAt from then on it is never returned, and it is removed soon after
 * @param collapseKey null, or the key under which later events update this notification instead of
 *     adding one (one per user and key)
 */
public record Notification(
    String id,
    String userId,
    String kind,
    String title,
    String body,
    String data,
    int count,
    Instant createdAt,
    Instant readAt,
    Instant expiresAt,
    String collapseKey) {

  public boolean unread() {
    return readAt == null;
  }

  /** Whether it has expired by {@code now}: expiry is inclusive, as a TTL is. */
  public boolean expiredAt(Instant now) {
    return !expiresAt.isAfter(now);
  }

  public Notification readAt(Instant at) {
    return new Notification(
        id, userId, kind, title, body, data, count, createdAt, at, expiresAt, collapseKey);
  }

  /** The same notification standing for {@code count} events. */
  public Notification withCount(int count) {
    return new Notification(
        id, userId, kind, title, body, data, count, createdAt, readAt, expiresAt, collapseKey);
  }

  /**
   * This notification updated by a newer one under the same collapse key: the newer content and
   * times, the newer one's count added, unread again; the id stays.
   */
  public Notification collapsedWith(Notification newer) {
    return newer.replacing(id, count);
  }

  /**
   * This newer notification in place of an older one under the same collapse key, known by its id
   * and count: the older id, both counts, this one's content and times, unread.
   */
  public Notification replacing(String olderId, int olderCount) {
    return new Notification(
        olderId,
        userId,
        kind,
        title,
        body,
        data,
        olderCount + count,
        createdAt,
        null,
        expiresAt,
        collapseKey);
  }
}
