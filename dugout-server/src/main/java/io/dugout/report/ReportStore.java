package io.dugout.report;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Keeps reports: at most one open report per (reporter, room, seq), resolved at most once.
 *
 * <p>Guarantees every adapter keeps (checked by {@code ReportStoreContract}):
 *
 * <ul>
 *   <li>Every write is durable when the method returns (the write-ahead log, or the database's
 *       majority write), and every later read on any node sees it.
 *   <li>{@link #add} is idempotent per (reporter, room, seq) while a report of theirs is open:
 *       racing adds on any nodes store one report, and every one of them returns it. Once that
 *       report is resolved, the reporter may file a new one.
 *   <li>{@link #resolve} is a compare-and-set: the first resolution of a report is kept, and every
 *       later or racing one returns the report as that first one resolved it.
 *   <li>{@link #list} pages in ascending order of report id (the order reports were filed).
 *   <li>{@link #holdsUpload} answers from what is stored when it is asked, on any node: once {@link
 *       #add} of a report whose evidence names an upload has returned, it answers true for that
 *       upload until the evidence expires or is removed. It reads an index, never every report.
 *   <li>All methods are thread-safe.
 * </ul>
 */
public interface ReportStore {

  /** What {@link #add} did: stored the report given, or found the reporter's open one. */
  record Added(Report report, boolean created) {}

  /** Stores the report unless its reporter has an open report of the same message. */
  Added add(Report report);

  Optional<Report> find(String id);

  /** The reporter's open report of the message at {@code seq} of the room, if they have one. */
  Optional<Report> findOpen(String reporterId, String roomId, long seq);

  /**
   * Records the resolution of an open report and returns the report as resolved; a report that was
   * already resolved is returned as it is. Empty when there is no such report.
   */
  Optional<Report> resolve(String id, Report.Resolution resolution);

  /**
   * Up to {@code limit} reports in ascending order of id after {@code afterId} (null: from the
   * first), those open ({@code open}) or resolved, and when not null of the room and the reported
   * user.
   */
  List<Report> list(boolean open, String roomId, String reportedUserId, String afterId, int limit);

  /**
   * Whether the evidence of some report names the upload {@code uploadId} among its attachments and
   * expires after {@code now}: the bytes of such an upload are evidence and must be kept.
   */
  boolean holdsUpload(String uploadId, Instant now);

  /**
   * Up to {@code limit} reports that still have evidence which expired at or before {@code now}, in
   * no particular order.
   */
  List<Report> withExpiredEvidence(Instant now, int limit);

  /**
   * Removes the evidence of the report {@code id} when it expired at or before {@code now}; returns
   * whether it did. The report itself stays, and a resolution written meanwhile is kept.
   */
  boolean removeEvidence(String id, Instant now);
}
