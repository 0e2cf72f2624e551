package io.dugout.notification.webhook;

import io.dugout.notification.Notification;
import java.time.Instant;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;

/**
 * One notification on its way to the webhook: its body (made once, so every attempt sends the same
 * bytes), how many attempts it has had and when the next one is due. Handled by one worker at a
 * time.
 */
final class Delivery implements Delayed {

  /** The notification it carries; null for another event (its body is made when it is queued). */
  final Notification notification;

  final String eventId;
  final String userId;
  final Instant queuedAt;
  byte[] body;
  int attempts;
  String lastError;
  private long dueNanos;

  Delivery(Notification notification, Instant queuedAt) {
    this.notification = notification;
    this.eventId = null;
    this.userId = notification.userId();
    this.queuedAt = queuedAt;
    this.dueNanos = System.nanoTime();
  }

  /** An event other than a notification, with its body made already. */
  Delivery(String eventId, String userId, byte[] body, Instant queuedAt) {
    this.notification = null;
    this.eventId = eventId;
    this.userId = userId;
    this.body = body;
    this.queuedAt = queuedAt;
    this.dueNanos = System.nanoTime();
  }

  /**
   * The receiver's key for de-duplicating: the same on every attempt; a collapsed notification that
   * was updated is a new delivery.
   */
  String id() {
    return notification == null ? eventId : notification.id() + "." + notification.count();
  }

  void retryIn(long nanos) {
    dueNanos = System.nanoTime() + nanos;
  }

  @Override
  public long getDelay(TimeUnit unit) {
    return unit.convert(dueNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
  }

  @Override
  public int compareTo(Delayed other) {
    return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
  }
}
