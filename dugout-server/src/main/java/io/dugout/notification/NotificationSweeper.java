package io.dugout.notification;

import java.time.Clock;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Deletes expired notifications every {@code dugout.notifications.sweep-interval}, a chunk at a
 * time. Reads never depend on it (they filter by the clock); it only frees space. On MongoDB the
 * TTL index on {@code expiresAt} does the same, and the sweep only helps it along.
 */
@Component
class NotificationSweeper implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(NotificationSweeper.class);
  static final int CHUNK = 1000;

  private final NotificationStore store;
  private final NotificationProperties properties;
  private final NotificationMetrics metrics;
  private final Clock clock;
  private volatile ScheduledExecutorService timer;

  NotificationSweeper(
      NotificationStore store,
      NotificationProperties properties,
      NotificationMetrics metrics,
      Clock clock) {
    this.store = store;
    this.properties = properties;
    this.metrics = metrics;
    this.clock = clock;
  }

  /** Deletes everything expired by now; returns how many notifications that was. */
  int sweep() {
    int total = 0;
    int removed;
    do {
      removed = store.removeExpired(clock.instant(), CHUNK);
      total += removed;
      metrics.expired(removed);
    } while (removed == CHUNK && !Thread.currentThread().isInterrupted());
    return total;
  }

  private void sweepQuietly() {
    try {
      int removed = sweep();
      if (removed > 0) {
        log.debug("Deleted {} expired notifications", removed);
      }
    } catch (RuntimeException e) {
      log.warn("Deleting expired notifications failed: {}", e.toString());
    }
  }

  @Override
  public void start() {
    long every = properties.sweepInterval().toMillis();
    timer =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("dugout-notification-sweep").factory());
    timer.scheduleWithFixedDelay(this::sweepQuietly, every, every, TimeUnit.MILLISECONDS);
  }

  /**
   * Cancels the next sweep and waits (up to ten seconds) for one in progress, which stops between
   * chunks, so no sweep runs on once the store is closed.
   */
  @Override
  public void stop() {
    var running = timer;
    if (running != null) {
      running.shutdownNow();
      try {
        running.awaitTermination(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    timer = null;
  }

  @Override
  public boolean isRunning() {
    return timer != null;
  }
}
