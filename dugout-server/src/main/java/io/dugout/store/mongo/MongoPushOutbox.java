package io.dugout.store.mongo;

import static com.mongodb.client.model.Filters.eq;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Sorts;
import io.dugout.push.PushOutbox;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;

/**
 * {@link PushOutbox} on MongoDB: one document per entry in {@code push_outbox}, its id the entry's
 * (time-ordered, so {@code _id} order is oldest first), the notification embedded as the
 * notifications collection stores it. Writes take the database's write concern (majority in a
 * cluster), so an entry outlives the node that wrote it and any node can push it.
 */
final class MongoPushOutbox implements PushOutbox {

  private final MongoCollection<Document> outbox;

  MongoPushOutbox(MongoStorage storage) {
    this.outbox = storage.collection(MongoStorage.PUSH_OUTBOX);
  }

  @Override
  public void add(Entry entry) {
    outbox.insertOne(toDocument(entry));
  }

  private static Document toDocument(Entry entry) {
    var document =
        new Document("_id", entry.id())
            .append("notification", MongoNotificationStore.toDocument(entry.notification()))
            .append("online", entry.online());
    MongoStorage.putInstant(document, "queuedAt", entry.queuedAt());
    return document;
  }

  @Override
  public void remove(String id) {
    outbox.deleteOne(eq("_id", id));
  }

  @Override
  public List<Entry> pending(int max) {
    var entries = new ArrayList<Entry>();
    for (Document d : outbox.find().sort(Sorts.ascending("_id")).limit(max)) {
      entries.add(
          new Entry(
              d.getString("_id"),
              MongoNotificationStore.fromDocument(d.get("notification", Document.class)),
              d.getBoolean("online", false),
              MongoStorage.getInstant(d, "queuedAt")));
    }
    return entries;
  }
}
