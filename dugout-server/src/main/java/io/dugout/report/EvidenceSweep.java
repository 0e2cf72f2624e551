package io.dugout.report;

import io.dugout.file.HeldUploads;
import io.dugout.system.PeriodicSweep;
import java.time.Clock;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * Removes the evidence of reports past {@code dugout.reports.evidence-retention}, every {@code
 * dugout.reports.sweep-interval}, in batches of {@link #BATCH} (at most {@link #MAX_BATCHES} a
 * run). The reports stay, without their evidence.
 *
 * <p>The files the evidence held go first ({@link HeldUploads#letGo}: those whose message is
 * deleted and that no other report holds), then the evidence. In that order a stop half way, or a
 * file store that fails, leaves evidence that the next sweep finishes, never held bytes that no
 * evidence names. Idempotent, so several nodes sweeping at once is harmless.
 */
@Component
class EvidenceSweep extends PeriodicSweep {

  static final int BATCH = 500;
  static final int MAX_BATCHES = 100;

  private static final Logger log = LoggerFactory.getLogger(EvidenceSweep.class);

  private final ReportStore store;
  private final ObjectProvider<HeldUploads> held;
  private final Clock clock;

  EvidenceSweep(
      ReportStore store,
      ObjectProvider<HeldUploads> held,
      ReportProperties properties,
      Clock clock) {
    super("dugout-evidence-sweep", properties.sweepInterval());
    this.store = store;
    this.held = held;
    this.clock = clock;
  }

  /** Removes evidence past its retention; returns how many reports lost theirs. */
  int sweep() {
    int removed = 0;
    for (int i = 0; i < MAX_BATCHES && !Thread.currentThread().isInterrupted(); i++) {
      Instant now = clock.instant();
      var expired = store.withExpiredEvidence(now, BATCH);
      int kept = 0;
      for (Report report : expired) {
        if (!letGoOfFiles(report)) {
          kept++;
        } else if (store.removeEvidence(report.id(), now)) {
          removed++;
        }
      }
      // why: evidence kept for a file that could not be deleted comes back in every batch
      if (expired.size() < BATCH || kept == expired.size()) {
        break;
      }
    }
    return removed;
  }

  /** Lets go of the files the report's evidence held; false when one must be tried again. */
  private boolean letGoOfFiles(Report report) {
    var files = held.getIfAvailable();
    if (files == null) {
      return true;
    }
    boolean done = true;
    for (String uploadId : report.evidence().uploadIds()) {
      done &= files.letGo(uploadId);
    }
    return done;
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
