package io.dugout.store.mongo;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.exists;
import static com.mongodb.client.model.Filters.gt;
import static com.mongodb.client.model.Filters.lte;

import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.Updates;
import io.dugout.report.Report;
import io.dugout.report.ReportStore;
import io.dugout.system.RecordCreators;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import org.bson.Document;
import org.bson.conversions.Bson;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@link ReportStore} on MongoDB: one document per report in {@code reports}, {@code _id} the
 * report id, the report itself as JSON in {@code json}, and beside it the fields it is found by:
 * {@code open}, {@code roomId}, {@code reportedUserId}, {@code evidenceExpiresAt} and {@code
 * evidenceUploads} (the upload ids its evidence names; both while it has evidence) and {@code
 * openKey} (reporter, room and seq, while it is open).
 *
 * <p>The unique sparse index on {@code openKey} is the arbiter of racing reports of one message by
 * one reporter: one inserts, the others collide and read it. A resolution is one conditional update
 * on {@code open: true}, so the first one wins on any node.
 */
final class MongoReportStore implements ReportStore {

  private static final JsonMapper JSON = RecordCreators.lenientMapper();

  private final MongoCollection<Document> reports;

  MongoReportStore(MongoStorage storage) {
    this.reports = storage.collection(MongoStorage.REPORTS);
  }

  @Override
  public Added add(Report report) {
    String openKey = openKey(report);
    var existing = reports.find(eq("openKey", openKey)).first();
    if (existing != null) {
      return new Added(report(existing), false);
    }
    try {
      reports.insertOne(document(report).append("openKey", openKey));
      return new Added(report, true);
    } catch (MongoWriteException e) {
      if (MongoStorage.isDuplicateKey(e)) {
        var winner = reports.find(eq("openKey", openKey)).first();
        if (winner != null) {
          return new Added(report(winner), false);
        }
      }
      throw e;
    }
  }

  @Override
  public Optional<Report> find(String id) {
    return Optional.ofNullable(reports.find(eq("_id", id)).first()).map(MongoReportStore::report);
  }

  @Override
  public Optional<Report> findOpen(String reporterId, String roomId, long seq) {
    String key = reporterId + '\u0000' + roomId + '\u0000' + seq;
    return Optional.ofNullable(reports.find(eq("openKey", key)).first())
        .map(MongoReportStore::report);
  }

  @Override
  public Optional<Report> resolve(String id, Report.Resolution resolution) {
    var found = find(id);
    if (found.isEmpty() || !found.get().open()) {
      return found;
    }
    var resolved = found.get().resolved(resolution);
    var updated =
        reports.findOneAndUpdate(
            and(eq("_id", id), eq("open", true)),
            Updates.combine(
                Updates.set("open", false),
                Updates.set("json", JSON.writeValueAsString(resolved)),
                Updates.unset("openKey")),
            new FindOneAndUpdateOptions().returnDocument(ReturnDocument.AFTER));
    return updated != null ? Optional.of(report(updated)) : find(id);
  }

  @Override
  public List<Report> list(
      boolean open, String roomId, String reportedUserId, String afterId, int limit) {
    var filters = new ArrayList<Bson>();
    filters.add(eq("open", open));
    if (roomId != null) {
      filters.add(eq("roomId", roomId));
    }
    if (reportedUserId != null) {
      filters.add(eq("reportedUserId", reportedUserId));
    }
    if (afterId != null) {
      filters.add(gt("_id", afterId));
    }
    var page = new ArrayList<Report>();
    for (Document d : reports.find(and(filters)).sort(Sorts.ascending("_id")).limit(limit)) {
      page.add(report(d));
    }
    return page;
  }

  @Override
  public boolean holdsUpload(String uploadId, Instant now) {
    return reports
            .find(and(eq("evidenceUploads", uploadId), gt("evidenceExpiresAt", Date.from(now))))
            .projection(new Document("_id", 1))
            .first()
        != null;
  }

  @Override
  public List<Report> withExpiredEvidence(Instant now, int limit) {
    Bson due = and(exists("evidenceExpiresAt"), lte("evidenceExpiresAt", Date.from(now)));
    var expired = new ArrayList<Report>();
    for (Document d : reports.find(due).limit(limit)) {
      expired.add(report(d));
    }
    return expired;
  }

  @Override
  public boolean removeEvidence(String id, Instant now) {
    Bson due =
        and(eq("_id", id), exists("evidenceExpiresAt"), lte("evidenceExpiresAt", Date.from(now)));
    // why: a resolution written between the read and the update makes the update miss; read again
    for (int attempt = 0; attempt < 3; attempt++) {
      var d = reports.find(due).first();
      if (d == null) {
        return false;
      }
      var without = report(d).withoutEvidence();
      // why: conditional on the JSON read, so a resolution written since is not overwritten
      var result =
          reports.updateOne(
              and(eq("_id", id), eq("json", d.getString("json"))),
              Updates.combine(
                  Updates.set("json", JSON.writeValueAsString(without)),
                  Updates.unset("evidenceExpiresAt"),
                  Updates.unset("evidenceUploads")));
      if (result.getModifiedCount() > 0) {
        return true;
      }
    }
    return false;
  }

  private static Document document(Report report) {
    var document =
        new Document("_id", report.id())
            .append("open", report.open())
            .append("roomId", report.roomId())
            .append("reportedUserId", report.reportedUserId())
            .append("json", JSON.writeValueAsString(report));
    if (report.evidence() != null && report.evidenceExpiresAt() != null) {
      document.append("evidenceExpiresAt", Date.from(report.evidenceExpiresAt()));
      var uploadIds = report.evidence().uploadIds();
      if (!uploadIds.isEmpty()) {
        document.append("evidenceUploads", uploadIds);
      }
    }
    return document;
  }

  private static Report report(Document d) {
    return JSON.readValue(d.getString("json"), Report.class);
  }

  private static String openKey(Report report) {
    return report.reporterId() + '\u0000' + report.roomId() + '\u0000' + report.seq();
  }
}
