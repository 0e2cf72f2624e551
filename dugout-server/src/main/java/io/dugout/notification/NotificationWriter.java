package io.dugout.notification;

import java.util.List;

/**
 * Writes sends and chat notifications to the {@link NotificationStore}, and tells the {@link
 * NotificationListener}s of the node that stored each one. One node writes the store itself ({@code
 * LocalNotificationWriter}); a cluster node hands each notification to Kafka, keyed by its user,
 * and the node that owns the user's partition stores it.
 *
 * <p>Guarantees every implementation keeps:
 *
 * <ul>
 *   <li><b>Durable before visible.</b> {@link #add} returns only when every notification is durable
 *       in the store; nobody is told of one (live or by the webhook) before it is.
 *   <li><b>Idempotent sends.</b> An {@link #add} whose key was used before stores nothing and
 *       returns the ids the first one stored. On one node a key covers the whole send; in a cluster
 *       it covers each recipient of it (the store's unique index decides, whichever node a retry
 *       reaches), so a retry naming a user the first send did not name stores for that user.
 *   <li><b>Collapse.</b> {@link #collapse} updates each user's one notification per collapse key.
 *       It returns once the notifications cannot be lost (one node: stored; a cluster: accepted by
 *       Kafka with {@code acks=all}); in a cluster they are stored a moment later.
 *   <li>A failure throws {@code DugoutException} {@code unavailable}; some notifications may have
 *       been stored, and a retry with the same idempotency key stores only the rest.
 *   <li>Thread-safe.
 * </ul>
 */
public interface NotificationWriter {

  /** Stores new notifications (fresh ids, no collapse key), unless the key was used before. */
  NotificationStore.Added add(
      List<Notification> notifications, NotificationStore.IdempotencyKey key);

  /** Stores or updates each collapsing notification (chat). */
  void collapse(List<Notification> fresh);
}
