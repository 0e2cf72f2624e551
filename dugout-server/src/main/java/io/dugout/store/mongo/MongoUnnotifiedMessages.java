package io.dugout.store.mongo;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.UpdateOneModel;
import com.mongodb.client.model.Updates;
import io.dugout.message.Message;
import io.dugout.message.UnnotifiedMessages;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.bson.Document;

/**
 * {@link UnnotifiedMessages} as a field of the message's own document ({@code unnotified: true}),
 * so the mark is in the very insert that stores the message: MongoDB writes a document whole, so
 * after a crash both are there or neither is, and an {@code insertMany} of a batch marks each of
 * its messages without a second write. A sparse index holds only the marked documents, so listing
 * the marks never reads the rest of the collection. Removing a mark unsets the field (one unordered
 * bulk write for all the marks removed at once); an edit's replacement of the document keeps it.
 */
final class MongoUnnotifiedMessages implements UnnotifiedMessages {

  static final String FIELD = "unnotified";

  private final MongoCollection<Document> messages;

  MongoUnnotifiedMessages(MongoStorage storage) {
    this.messages = storage.collection(MongoStorage.MESSAGES);
  }

  /** The document that stores {@code message}, with its mark when it {@link #notifies}. */
  static Document marked(Message message) {
    var document = MessageDocuments.toDocument(message);
    if (UnnotifiedMessages.notifies(message)) {
      document.append(FIELD, true);
    }
    return document;
  }

  /** {@code replacement} with the mark {@code stored} carries, if any. */
  static Document keepMark(Document stored, Document replacement) {
    if (stored.containsKey(FIELD)) {
      replacement.append(FIELD, true);
    }
    return replacement;
  }

  @Override
  public List<Mark> oldest(int max) {
    var marks = new ArrayList<Mark>();
    if (max <= 0) {
      return marks;
    }
    messages
        .find(Filters.eq(FIELD, true))
        .hintString(FIELD)
        .projection(Projections.include("roomId", "seq"))
        .sort(Sorts.ascending("roomId", "seq"))
        .limit(max)
        .forEach(
            d ->
                marks.add(new Mark(d.getString("roomId"), d.get("seq", Number.class).longValue())));
    return marks;
  }

  @Override
  public void remove(Collection<Mark> marks) {
    if (marks.isEmpty()) {
      return;
    }
    var unsets =
        marks.stream()
            .map(
                m ->
                    new UpdateOneModel<Document>(
                        Filters.and(Filters.eq("roomId", m.roomId()), Filters.eq("seq", m.seq())),
                        Updates.unset(FIELD)))
            .toList();
    messages.bulkWrite(unsets, new BulkWriteOptions().ordered(false));
  }
}
