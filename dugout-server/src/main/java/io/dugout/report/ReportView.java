package io.dugout.report;

import java.time.Instant;

/** A report as the product's backend reads it; {@code evidence} is null once removed. */
public record ReportView(
    String id,
    String state,
    String roomId,
    long seq,
    String reason,
    String note,
    String reporterId,
    String reportedUserId,
    Instant createdAt,
    Evidence evidence,
    Instant evidenceExpiresAt,
    Report.Resolution resolution) {

  public static ReportView of(Report report) {
    return new ReportView(
        report.id(),
        report.open() ? "open" : "resolved",
        report.roomId(),
        report.seq(),
        report.reason().wire(),
        report.note(),
        report.reporterId(),
        report.reportedUserId(),
        report.createdAt(),
        report.evidence(),
        report.evidenceExpiresAt(),
        report.resolution());
  }

  /** A report as its reporter sees it: what they filed and whether it is still open. */
  record Filed(
      String id,
      String state,
      String roomId,
      long seq,
      String reason,
      String note,
      Instant createdAt) {

    static Filed of(Report report) {
      return new Filed(
          report.id(),
          report.open() ? "open" : "resolved",
          report.roomId(),
          report.seq(),
          report.reason().wire(),
          report.note(),
          report.createdAt());
    }
  }
}
