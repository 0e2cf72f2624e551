package io.dugout.ban;

import io.dugout.system.PeriodicSweep;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Removes bans that have ended from the {@link BanStore} once an hour, at most {@link #BATCH} a
 * run. why: an ended ban already refuses nothing (every answer compares its end with the clock);
 * removing it only keeps the store to the bans that matter. Idempotent, so several nodes sweeping
 * at once is harmless.
 */
@Component
class EndedBanSweep extends PeriodicSweep {

  static final int BATCH = 1_000;

  private static final Logger log = LoggerFactory.getLogger(EndedBanSweep.class);

  private final BanStore store;
  private final Clock clock;

  EndedBanSweep(BanStore store, Clock clock) {
    super("dugout-ban-sweep", java.time.Duration.ofHours(1));
    this.store = store;
    this.clock = clock;
  }

  @Override
  protected void sweepQuietly() {
    try {
      int removed = store.removeEnded(clock.instant(), BATCH);
      if (removed > 0) {
        log.info("Removed {} ended ban(s)", removed);
      }
    } catch (RuntimeException e) {
      log.warn("Ended-ban sweep failed: {}", e.toString());
    }
  }
}
