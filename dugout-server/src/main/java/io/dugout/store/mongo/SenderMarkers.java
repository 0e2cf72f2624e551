package io.dugout.store.mongo;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.UpdateOneModel;
import com.mongodb.client.model.Updates;
import io.dugout.message.Message;
import io.dugout.message.MessageStore.Outcome;
import io.dugout.message.MessageStore.Written;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * Moves the read markers of the senders of newly stored messages to them ({@link
 * Message#readBySender}): one unordered {@code bulkWrite} on {@code members} for all the messages
 * an insert stored, after it, each marker raised with {@code $max} so that it never moves back. Not
 * atomic with the insert (two collections): a crash between them leaves a sender's marker behind
 * their own message until they read the room or send again.
 */
final class SenderMarkers {

  private final MongoCollection<Document> members;

  SenderMarkers(MongoCollection<Document> members) {
    this.members = members;
  }

  /** Moves the markers for the created messages among {@code written}; one round trip at most. */
  void moveFor(List<Written> written) {
    Map<String, Message> newestBySender = new LinkedHashMap<>();
    for (Written each : written) {
      Message message = each.message();
      if (each.outcome() == Outcome.CREATED && message.readBySender()) {
        newestBySender.merge(
            message.roomId() + '\n' + message.senderId(),
            message,
            (was, now) -> now.seq() > was.seq() ? now : was);
      }
    }
    if (newestBySender.isEmpty()) {
      return;
    }
    var updates = new ArrayList<UpdateOneModel<Document>>(newestBySender.size());
    for (Message message : newestBySender.values()) {
      // why: both only rise, and a higher seq never has a lower ordinal, so the two stay a pair
      Bson raise =
          Updates.combine(
              Updates.max("lastReadSeq", message.seq()),
              Updates.max("lastReadOrdinal", message.ordinal()));
      updates.add(
          new UpdateOneModel<>(
              new Document("roomId", message.roomId()).append("userId", message.senderId()),
              raise));
    }
    members.bulkWrite(updates, new BulkWriteOptions().ordered(false));
  }
}
