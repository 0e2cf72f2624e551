package io.dugout.store.mongo;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.lt;

import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Sorts;
import io.dugout.audit.AuditEntry;
import io.dugout.audit.AuditLog;
import io.dugout.audit.ModerationAction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * {@link AuditLog} on MongoDB: one document per entry in {@code audit}, its id as {@code _id}, with
 * indexes {@code {roomId, _id}} and {@code {userId, _id}} so a room's or a user's page is one index
 * range read newest first. Appending an id twice collides on {@code _id} and keeps the first.
 */
final class MongoAuditLog implements AuditLog {

  private final MongoCollection<Document> audit;

  MongoAuditLog(MongoStorage storage) {
    this.audit = storage.collection(MongoStorage.AUDIT);
  }

  @Override
  public void append(AuditEntry entry) {
    var a = entry.action();
    var document =
        new Document("_id", entry.id())
            .append("action", a.action())
            .append("actorId", a.actorId())
            .append("roomId", a.roomId())
            .append("userId", a.userId())
            .append("seq", a.seq())
            .append("reason", a.reason())
            .append("details", new Document(new LinkedHashMap<String, Object>(a.details())));
    MongoStorage.putInstant(document, "at", a.at());
    try {
      audit.insertOne(document);
    } catch (MongoWriteException e) {
      if (!MongoStorage.isDuplicateKey(e)) {
        throw e;
      }
    }
  }

  @Override
  public Page list(Query query, String cursor, int limit) {
    var filters = new ArrayList<Bson>();
    if (query.roomId() != null) {
      filters.add(eq("roomId", query.roomId()));
    }
    if (query.userId() != null) {
      filters.add(eq("userId", query.userId()));
    }
    if (query.action() != null) {
      filters.add(eq("action", query.action()));
    }
    if (cursor != null) {
      filters.add(lt("_id", cursor));
    }
    Bson filter = filters.isEmpty() ? new Document() : and(filters);
    var found = new ArrayList<AuditEntry>();
    for (Document d : audit.find(filter).sort(Sorts.descending("_id")).limit(limit + 1)) {
      found.add(entryOf(d));
    }
    if (found.size() > limit) {
      found.removeLast();
      return new Page(found, found.getLast().id());
    }
    return new Page(found, null);
  }

  private static AuditEntry entryOf(Document d) {
    var details = new LinkedHashMap<String, String>();
    Document stored = d.get("details", Document.class);
    if (stored != null) {
      for (Map.Entry<String, Object> e : stored.entrySet()) {
        details.put(e.getKey(), String.valueOf(e.getValue()));
      }
    }
    Number seq = d.get("seq", Number.class);
    return new AuditEntry(
        d.getString("_id"),
        new ModerationAction(
            d.getString("action"),
            d.getString("actorId"),
            d.getString("roomId"),
            d.getString("userId"),
            seq == null ? null : seq.longValue(),
            d.getString("reason"),
            details,
            MongoStorage.getInstant(d, "at")));
  }
}
