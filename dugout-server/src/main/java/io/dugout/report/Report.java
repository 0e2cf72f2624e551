package io.dugout.report;

import java.time.Instant;
import java.util.Objects;

/**
 * A member's report of one message.
 *
 * @param id a UUIDv7, so ids sort by filing time
 * @param reportedUserId the reported message's sender, kept after the evidence is removed
 * @param evidence the message as reported; null once removed after its retention
 * @param evidenceExpiresAt when the evidence is removed
 * @param resolution how the report was resolved; null while it is open
 */
public record Report(
    String id,
    String roomId,
    long seq,
    String reporterId,
    String reportedUserId,
    ReportReason reason,
    String note,
    Instant createdAt,
    Evidence evidence,
    Instant evidenceExpiresAt,
    Resolution resolution) {

  public Report {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(roomId, "roomId");
    Objects.requireNonNull(reporterId, "reporterId");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(createdAt, "createdAt");
  }

  public boolean open() {
    return resolution == null;
  }

  public Report resolved(Resolution how) {
    return new Report(
        id,
        roomId,
        seq,
        reporterId,
        reportedUserId,
        reason,
        note,
        createdAt,
        evidence,
        evidenceExpiresAt,
        how);
  }

  public Report withoutEvidence() {
    return new Report(
        id,
        roomId,
        seq,
        reporterId,
        reportedUserId,
        reason,
        note,
        createdAt,
        null,
        evidenceExpiresAt,
        resolution);
  }

  /**
   * How a report was resolved: {@code action} ({@code dismiss}, {@code delete_message}, {@code
   * ban_user}) by {@code resolvedBy} at {@code resolvedAt}, with the resolver's note and, for a
   * ban, its end (null: until unbanned).
   */
  public record Resolution(
      String action, String note, String resolvedBy, Instant resolvedAt, Instant banUntil) {}
}
