package io.dugout.report;

import io.dugout.file.UploadHolds;
import java.time.Clock;
import org.springframework.stereotype.Component;

/**
 * The one place that decides whether a report holds a file: the evidence of a report, open or
 * resolved, names the upload and has not expired ({@code dugout.reports.evidence-retention} after
 * filing). Every path that deletes an upload's bytes asks it through {@link UploadHolds}; the
 * evidence sweep lets the held files go when the evidence expires.
 *
 * <p>Answers from the {@link ReportStore} on every question (one indexed read), so a report filed
 * through any node holds on every node at once. A report filed while its message is being deleted
 * may be stored after the delete asked: then its evidence names a file whose bytes are gone.
 */
@Component
class EvidenceHolds implements UploadHolds {

  private final ReportStore store;
  private final Clock clock;

  EvidenceHolds(ReportStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  @Override
  public boolean holds(String uploadId) {
    return store.holdsUpload(uploadId, clock.instant());
  }
}
