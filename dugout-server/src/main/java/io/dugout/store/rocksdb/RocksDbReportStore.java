package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.RocksDbStorage.Family.REPORTS;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.REPORT_KEYS;
import static io.dugout.store.rocksdb.RocksDbStorage.Family.REPORT_UPLOADS;

import io.dugout.report.Report;
import io.dugout.report.ReportStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Reports as JSON values keyed by report id ({@code reports}), and each open report's key (reporter
 * 0x00 room 0x00 seq → report id, in {@code report_keys}), and the uploads its evidence names while
 * it has evidence (upload id 0x00 report id → when the evidence expires, in {@code
 * report_uploads}), written in one batch. Writes go through one lock, which makes {@link #add} and
 * {@link #resolve} compare-and-sets: one node owns this database.
 *
 * <p>Listing and the evidence sweep scan the reports in id order, filtering as they go: there is no
 * secondary index, as reports are far fewer than messages and are read by the product's backend,
 * off the send path.
 */
final class RocksDbReportStore implements ReportStore {

  /** After every report id (UUIDs are ASCII). */
  private static final byte[] END = {(byte) 0xFF};

  private final RocksDbStorage storage;
  private final ReentrantLock writes = new ReentrantLock();

  RocksDbReportStore(RocksDbStorage storage) {
    this.storage = storage;
  }

  @Override
  public Added add(Report report) {
    byte[] key = Keys.triple(report.reporterId(), report.roomId(), Long.toString(report.seq()));
    writes.lock();
    try {
      byte[] openId = storage.get(REPORT_KEYS, key);
      if (openId != null) {
        var open = find(Keys.string(openId));
        if (open.isPresent()) {
          return new Added(open.get(), false);
        }
      }
      storage.write(
          batch -> {
            batch.put(REPORTS, Keys.utf8(report.id()), Json.write(report));
            batch.put(REPORT_KEYS, key, Keys.utf8(report.id()));
            if (report.evidence() != null) {
              byte[] expires = Keys.utf8(report.evidenceExpiresAt().toString());
              for (String uploadId : report.evidence().uploadIds()) {
                batch.put(REPORT_UPLOADS, Keys.pair(uploadId, report.id()), expires);
              }
            }
          });
      return new Added(report, true);
    } finally {
      writes.unlock();
    }
  }

  @Override
  public Optional<Report> find(String id) {
    byte[] value = storage.get(REPORTS, Keys.utf8(id));
    return value == null ? Optional.empty() : Optional.of(Json.read(value, Report.class));
  }

  @Override
  public Optional<Report> findOpen(String reporterId, String roomId, long seq) {
    byte[] id = storage.get(REPORT_KEYS, Keys.triple(reporterId, roomId, Long.toString(seq)));
    return id == null ? Optional.empty() : find(Keys.string(id)).filter(Report::open);
  }

  @Override
  public Optional<Report> resolve(String id, Report.Resolution resolution) {
    writes.lock();
    try {
      var found = find(id);
      if (found.isEmpty() || !found.get().open()) {
        return found;
      }
      var resolved = found.get().resolved(resolution);
      byte[] key =
          Keys.triple(resolved.reporterId(), resolved.roomId(), Long.toString(resolved.seq()));
      storage.write(
          batch -> {
            batch.put(REPORTS, Keys.utf8(id), Json.write(resolved));
            batch.delete(REPORT_KEYS, key);
          });
      return Optional.of(resolved);
    } finally {
      writes.unlock();
    }
  }

  @Override
  public List<Report> list(
      boolean open, String roomId, String reportedUserId, String afterId, int limit) {
    byte[] from = afterId == null ? new byte[0] : Keys.prefix(afterId);
    var page = new ArrayList<Report>();
    storage.scan(
        REPORTS,
        from,
        END,
        false,
        (key, value) -> {
          var report = Json.read(value, Report.class);
          if (report.open() == open
              && (roomId == null || roomId.equals(report.roomId()))
              && (reportedUserId == null
                  || Objects.equals(reportedUserId, report.reportedUserId()))) {
            page.add(report);
          }
          return page.size() < limit;
        });
    return page;
  }

  @Override
  public boolean holdsUpload(String uploadId, Instant now) {
    boolean[] held = {false};
    storage.scan(
        REPORT_UPLOADS,
        Keys.prefix(uploadId),
        Keys.prefixEnd(uploadId),
        false,
        (key, value) -> {
          held[0] = Instant.parse(Keys.string(value)).isAfter(now);
          return !held[0];
        });
    return held[0];
  }

  @Override
  public List<Report> withExpiredEvidence(Instant now, int limit) {
    var expired = new ArrayList<Report>();
    storage.scan(
        REPORTS,
        new byte[0],
        END,
        false,
        (key, value) -> {
          var report = Json.read(value, Report.class);
          if (report.evidence() != null && !report.evidenceExpiresAt().isAfter(now)) {
            expired.add(report);
          }
          return expired.size() < limit;
        });
    return expired;
  }

  @Override
  public boolean removeEvidence(String id, Instant now) {
    writes.lock();
    try {
      // why: read under the lock, so a resolution written since is kept
      var current = find(id).orElse(null);
      if (current == null
          || current.evidence() == null
          || current.evidenceExpiresAt().isAfter(now)) {
        return false;
      }
      var without = current.withoutEvidence();
      storage.write(
          batch -> {
            batch.put(REPORTS, Keys.utf8(id), Json.write(without));
            for (String uploadId : current.evidence().uploadIds()) {
              batch.delete(REPORT_UPLOADS, Keys.pair(uploadId, id));
            }
          });
      return true;
    } finally {
      writes.unlock();
    }
  }
}
