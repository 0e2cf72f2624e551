package io.dugout.store.mongo;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.lte;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.Updates;
import io.dugout.push.PushDeadLetter;
import io.dugout.push.PushDeadLetters;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;

/**
 * {@link PushDeadLetters} on MongoDB: one document per letter in {@code push_dead_letters}, its
 * {@code _id} the letter's UUIDv7 (so {@code _id} order is age), and the eviction count in {@code
 * push_dead_letters_evicted}. Writes take the database's write concern (majority in a cluster), so
 * any node reads a letter another node wrote. Trimming deletes every letter at or below the oldest
 * one beyond capacity: nodes trimming at once delete each letter once, and count only what their
 * own delete removed, so the count stays exact (but for a node dying between its delete and its
 * count).
 */
final class MongoPushDeadLetters implements PushDeadLetters {

  private static final String EVICTED = "evicted";

  private final MongoCollection<Document> letters;
  private final MongoCollection<Document> counts;

  MongoPushDeadLetters(MongoStorage storage) {
    this.letters = storage.collection(MongoStorage.PUSH_DEAD_LETTERS);
    this.counts = storage.collection(MongoStorage.PUSH_DEAD_LETTERS_EVICTED);
  }

  @Override
  public void add(PushDeadLetter letter, int capacity) {
    letters.insertOne(toDocument(letter));
    Document oldestBeyond =
        letters
            .find()
            .projection(Projections.include("_id"))
            .sort(Sorts.descending("_id"))
            .skip(capacity)
            .limit(1)
            .first();
    if (oldestBeyond == null) {
      return;
    }
    long deleted = letters.deleteMany(lte("_id", oldestBeyond.getString("_id"))).getDeletedCount();
    if (deleted > 0) {
      counts.updateOne(
          eq("_id", EVICTED), Updates.inc("count", deleted), new UpdateOptions().upsert(true));
    }
  }

  @Override
  public List<PushDeadLetter> newest(int limit) {
    var newest = new ArrayList<PushDeadLetter>();
    if (limit < 1) {
      return newest;
    }
    for (Document d : letters.find().sort(Sorts.descending("_id")).limit(limit)) {
      newest.add(fromDocument(d));
    }
    return newest;
  }

  @Override
  public boolean remove(String id) {
    return letters.deleteOne(eq("_id", id)).getDeletedCount() > 0;
  }

  @Override
  public long size() {
    return letters.countDocuments();
  }

  @Override
  public long evicted() {
    Document count = counts.find(eq("_id", EVICTED)).first();
    return count == null ? 0 : count.get("count", Number.class).longValue();
  }

  private static Document toDocument(PushDeadLetter letter) {
    var document =
        new Document("_id", letter.id())
            .append("notificationId", letter.notificationId())
            .append("userId", letter.userId())
            .append("deviceId", letter.deviceId())
            .append("platform", letter.platform())
            .append("attempts", letter.attempts())
            .append("lastError", letter.lastError());
    MongoStorage.putInstant(document, "queuedAt", letter.queuedAt());
    MongoStorage.putInstant(document, "failedAt", letter.failedAt());
    return document;
  }

  private static PushDeadLetter fromDocument(Document d) {
    return new PushDeadLetter(
        d.getString("_id"),
        d.getString("notificationId"),
        d.getString("userId"),
        d.getString("deviceId"),
        d.getString("platform"),
        d.getInteger("attempts", 0),
        d.getString("lastError"),
        MongoStorage.getInstant(d, "queuedAt"),
        MongoStorage.getInstant(d, "failedAt"));
  }
}
