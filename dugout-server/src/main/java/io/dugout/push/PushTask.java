package io.dugout.push;

import io.dugout.notification.Notification;
import java.time.Instant;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An entry of the push queue: a stored notification still to be turned into pushes (a job), or one
 * push to one device (an attempt), due now or after a backoff. Every attempt of a job shares its
 * {@link Entry}, which knows when the last of them finished.
 */
final class PushTask implements Delayed {

  /** One {@link PushOutbox} entry in this node's memory, and its attempts still unfinished. */
  static final class Entry {
    final String id;
    private final AtomicInteger unfinished = new AtomicInteger();

    Entry(String id) {
      this.id = id;
    }

    void attempts(int count) {
      unfinished.set(count);
    }

    /** Whether the attempt that finished was the entry's last. */
    boolean finishedOne() {
      return unfinished.decrementAndGet() == 0;
    }
  }

  final Entry entry;
  Notification notification;
  boolean online;
  final Push push;
  Instant queuedAt;
  private boolean taken;
  int attempts;
  long firstAttemptNanos;
  String lastError;
  private long dueNanos = System.nanoTime();

  private PushTask(
      Entry entry, Notification notification, boolean online, Push push, Instant queuedAt) {
    this.entry = entry;
    this.notification = notification;
    this.online = online;
    this.push = push;
    this.queuedAt = queuedAt;
  }

  /** An outbox entry: a notification whose user was {@code online} when it was stored. */
  static PushTask job(PushOutbox.Entry entry) {
    return new PushTask(
        new Entry(entry.id()), entry.notification(), entry.online(), null, entry.queuedAt());
  }

  static PushTask attempt(Entry entry, Push push, Instant queuedAt) {
    return new PushTask(entry, null, false, push, queuedAt);
  }

  /**
   * Makes this waiting job push {@code newer} (a later version of the same notification) instead,
   * unless a worker has taken it already. Only in memory: the job's outbox entry keeps the version
   * it was written with, and a resume pushes the notification as it stands then.
   *
   * @return whether it was superseded; false when a worker took it
   */
  synchronized boolean supersede(Notification newer, boolean newerOnline) {
    if (taken) {
      return false;
    }
    notification = newer;
    online = newerOnline;
    return true;
  }

  /** A worker takes this job: it can no longer be superseded, and its fields are final now. */
  synchronized void take() {
    taken = true;
  }

  boolean isJob() {
    return push == null;
  }

  void retryIn(long nanos) {
    dueNanos = System.nanoTime() + nanos;
  }

  /** Makes this job due at {@code nanoTime}, not before; only before it is queued. */
  void dueAt(long nanoTime) {
    if (nanoTime - dueNanos > 0) {
      dueNanos = nanoTime;
    }
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
