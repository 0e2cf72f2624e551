package io.dugout.report;

import io.dugout.system.PeriodicSweep;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Removes the evidence of reports past {@code dugout.reports.evidence-retention}, every {@code
 * dugout.reports.sweep-interval}, in batches of {@link #BATCH} (at most {@link #MAX_BATCHES} a
 * run). The reports stay, without their evidence. Idempotent, so several nodes sweeping at once is
 * harmless.
 */
@Component
class EvidenceSweep extends PeriodicSweep {

  static final int BATCH = 500;
  static final int MAX_BATCHES = 100;

  private static final Logger log = LoggerFactory.getLogger(EvidenceSweep.class);

  private final ReportStore store;
  private final Clock clock;

  EvidenceSweep(ReportStore store, ReportProperties properties, Clock clock) {
    super("dugout-evidence-sweep", properties.sweepInterval());
    this.store = store;
    this.clock = clock;
  }

  /** Removes evidence past its retention; returns how many reports lost theirs. */
  int sweep() {
    int removed = 0;
    for (int i = 0; i < MAX_BATCHES && !Thread.currentThread().isInterrupted(); i++) {
      int batch = store.removeEvidence(clock.instant(), BATCH);
      removed += batch;
      if (batch < BATCH) {
        break;
      }
    }
    return removed;
  }

  @Override
  protected void sweepQuietly() {
    try {
      int removed = sweep();
      if (removed > 0) {
        log.info("Removed the evidence of {} report(s) past its retention", removed);
      }
    } catch (RuntimeException e) {
      log.warn("Evidence sweep failed: {}", e.toString());
    }
  }
}
