package io.dugout.notification;

import io.dugout.system.PeriodicSweep;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Deletes expired notifications every {@code dugout.notifications.sweep-interval}, a chunk at a
 * time. Reads never depend on it (they filter by the clock); it only frees space. On MongoDB the
 * TTL index on {@code expiresAt} does the same, and the sweep only helps it along.
 */
@Component
class NotificationSweeper extends PeriodicSweep {

  private static final Logger log = LoggerFactory.getLogger(NotificationSweeper.class);
  static final int CHUNK = 1000;

  private final NotificationStore store;
  private final NotificationProperties properties;
  private final NotificationMetrics metrics;
  private final Clock clock;

  NotificationSweeper(
      NotificationStore store,
      NotificationProperties properties,
      NotificationMetrics metrics,
      Clock clock) {
    super("dugout-notification-sweep", properties.sweepInterval());
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

  @Override
  protected void sweepQuietly() {
    try {
      int removed = sweep();
      if (removed > 0) {
        log.debug("Deleted {} expired notifications", removed);
      }
    } catch (RuntimeException e) {
      log.warn("Deleting expired notifications failed: {}", e.toString());
    }
  }
}
