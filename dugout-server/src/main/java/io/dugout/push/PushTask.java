package io.dugout.push;

import io.dugout.notification.Notification;
import java.time.Instant;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;

/**
 * An entry of the push queue: a stored notification still to be turned into pushes (a job), or one
 * push to one device (an attempt), due now or after a backoff.
 */
final class PushTask implements Delayed {

  final Notification notification;
  final boolean online;
  final Push push;
  final Instant queuedAt;
  int attempts;
  long firstAttemptNanos;
  String lastError;
  private long dueNanos = System.nanoTime();

  private PushTask(Notification notification, boolean online, Push push, Instant queuedAt) {
    this.notification = notification;
    this.online = online;
    this.push = push;
    this.queuedAt = queuedAt;
  }

  /** A notification whose user was {@code online} (had a live session) when it was stored. */
  static PushTask job(Notification notification, boolean online, Instant queuedAt) {
    return new PushTask(notification, online, null, queuedAt);
  }

  static PushTask attempt(Push push, Instant queuedAt) {
    return new PushTask(null, false, push, queuedAt);
  }

  boolean isJob() {
    return push == null;
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
