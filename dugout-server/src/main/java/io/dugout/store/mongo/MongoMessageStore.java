package io.dugout.store.mongo;

import static com.mongodb.client.model.Filters.eq;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.AggregateIterable;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Accumulators;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import io.dugout.message.Message;
import io.dugout.message.MessageStore;
import io.dugout.message.RetryKey;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.Document;

/**
 * {@link MessageStore} on MongoDB: one document per message in {@code messages}. A write is one
 * insert; the unique indexes {@code {roomId, seq}} and {@code {roomId, senderId, clientMsgId}}
 * decide whether it lands, across every node and every former partition owner, and the write
 * returns only once the configured write concern (majority by default) has acknowledged it. A
 * change entry's effect on its target follows its insert ({@link ChangeEffects}), and so do the
 * moves of the new messages' senders' read markers, one write for all of an insert ({@link
 * SenderMarkers}). Every read is one range scan of {@code {roomId, seq}}; documents are mapped by
 * {@link MessageDocuments}.
 *
 * <p>Over 300 lines: it implements the whole {@link MessageStore} port, whose writes and reads
 * share the collection, its indexes and the collision resolution; the parts that stand alone
 * (change effects, senders' markers, document mapping) are classes of their own.
 */
final class MongoMessageStore implements MessageStore {

  /** Rooms per read of {@link #lastSeqs}: a filter of this many ids stays far below 16 MB. */
  static final int ROOMS_PER_READ = 1_000;

  private final MongoStorage storage;
  private final MongoCollection<Document> messages;
  private final MongoCollection<Document> holders;
  private final ChangeEffects changes;
  private final SenderMarkers senderMarkers;

  MongoMessageStore(MongoStorage storage) {
    this.storage = storage;
    this.messages = storage.collection(MongoStorage.MESSAGES);
    this.holders = storage.holders(MongoStorage.MESSAGES);
    this.changes = new ChangeEffects(messages, holders);
    this.senderMarkers = new SenderMarkers(storage.collection(MongoStorage.MEMBERS));
  }

  @Override
  public Written write(Message message) {
    return storage
        .timers()
        .write()
        .record(
            () -> {
              Written written;
              try {
                messages.insertOne(MongoUnnotifiedMessages.marked(message));
                written = new Written(message, Outcome.CREATED);
              } catch (MongoWriteException e) {
                if (!MongoStorage.isDuplicateKey(e)) {
                  throw e;
                }
                written = collided(message, e);
              }
              senderMarkers.moveFor(List.of(written));
              return changes.completed(written);
            });
  }

  /**
   * One ordered {@code insertMany}: one round trip for the whole list. MongoDB stops an ordered
   * insert at the first error, so the documents before it are stored; a duplicate key there is
   * resolved as {@link #write} resolves it.
   */
  @Override
  public List<Written> writeInOrder(List<Message> batch) {
    if (batch.size() < 2) {
      return MessageStore.super.writeInOrder(batch);
    }
    return storage
        .timers()
        .write()
        .record(
            () -> {
              var written = new ArrayList<Written>(batch.size());
              try {
                messages.insertMany(
                    batch.stream().map(MongoUnnotifiedMessages::marked).toList(),
                    new InsertManyOptions().ordered(true));
                batch.forEach(m -> written.add(new Written(m, Outcome.CREATED)));
              } catch (MongoBulkWriteException e) {
                var first = e.getWriteErrors().getFirst();
                if (first.getCategory() != ErrorCategory.DUPLICATE_KEY) {
                  throw e;
                }
                for (int i = 0; i < first.getIndex(); i++) {
                  written.add(new Written(batch.get(i), Outcome.CREATED));
                }
                written.add(collided(batch.get(first.getIndex()), e));
              }
              senderMarkers.moveFor(written);
              // why: in seq order, so that two changes to one message apply in the log's order
              written.replaceAll(changes::completed);
              return written;
            });
  }

  @Override
  public List<Message> get(String roomId, Collection<Long> seqs) {
    if (seqs.isEmpty()) {
      return List.of();
    }
    return storage
        .timers()
        .read()
        .record(
            () ->
                page(
                    messages.find(
                        new Document("roomId", roomId)
                            .append("seq", new Document("$in", List.copyOf(seqs)))),
                    seqs.size()));
  }

  @Override
  public Head head(String roomId) {
    return storage
        .timers()
        .read()
        .record(
            () -> {
              Document last = headQuery(roomId).first();
              if (last == null) {
                return Head.EMPTY;
              }
              long seq = last.get("seq", Number.class).longValue();
              Number ordinal = last.get("ordinal", Number.class);
              return new Head(seq, ordinal == null ? seq : ordinal.longValue());
            });
  }

  /**
   * Which of the two places was taken. why: the error names only the first index that collided, and
   * its wording differs between servers; two point reads on the indexes say it exactly, and the
   * retry key wins when both are taken (a retry must get its original, whatever seq it asked for).
   */
  private Written collided(Message message, RuntimeException cause) {
    Document original =
        holders
            .find(
                new Document("roomId", message.roomId())
                    .append("senderId", message.senderId())
                    .append("clientMsgId", message.clientMsgId()))
            .first();
    if (original != null) {
      return new Written(MessageDocuments.fromDocument(original), Outcome.RETRY);
    }
    Document holder =
        holders.find(new Document("roomId", message.roomId()).append("seq", message.seq())).first();
    if (holder != null) {
      return new Written(MessageDocuments.fromDocument(holder), Outcome.SEQ_TAKEN);
    }
    throw new IllegalStateException(
        "duplicate key on " + message.roomId() + "#" + message.seq() + " but no holder", cause);
  }

  /**
   * On the retry key's unique index. why: the collection's own read concern, not the holders' local
   * one: a write that is not yet majority-acknowledged may still be rolled back, and its retry must
   * then be screened afresh.
   */
  @Override
  public boolean holdsRetryKey(String roomId, String senderId, String clientMsgId) {
    return storage
        .timers()
        .read()
        .record(
            () ->
                messages
                        .find(
                            new Document("roomId", roomId)
                                .append("senderId", senderId)
                                .append("clientMsgId", clientMsgId))
                        .projection(new Document("_id", 1))
                        .first()
                    != null);
  }

  /**
   * A point read on the retry key's unique index for each key, on {@link #holders} as {@link
   * #collided} reads them. why not one {@code $or} query: a server that does not plan each clause
   * on the index (as mongo-java-server does not) scans the collection once per clause.
   */
  @Override
  public List<Message> retryHolders(Collection<RetryKey> keys) {
    if (keys.isEmpty()) {
      return List.of();
    }
    return storage
        .timers()
        .read()
        .record(
            () -> {
              var found = new ArrayList<Message>();
              for (var key : Set.copyOf(keys)) {
                Document original =
                    holders
                        .find(
                            new Document("roomId", key.roomId())
                                .append("senderId", key.senderId())
                                .append("clientMsgId", key.clientMsgId()))
                        .first();
                if (original != null) {
                  var message = MessageDocuments.fromDocument(original);
                  found.add(changes.completed(new Written(message, Outcome.RETRY)).message());
                }
              }
              return found;
            });
  }

  @Override
  public long lastSeq(String roomId) {
    return storage
        .timers()
        .read()
        .record(
            () -> {
              Document last = lastSeqQuery(roomId).first();
              return last == null ? 0 : last.get("seq", Number.class).longValue();
            });
  }

  /**
   * One aggregation per {@value #ROOMS_PER_READ} rooms. why: sorted as the {@code room_seq} index
   * runs and grouped with {@code $first}, the shape MongoDB answers with a distinct scan of the
   * index, one key per room, however long the rooms' logs are.
   */
  @Override
  public Map<String, Long> lastSeqs(Collection<String> roomIds) {
    var last = new HashMap<String, Long>();
    var rooms = List.copyOf(roomIds);
    for (int from = 0; from < rooms.size(); from += ROOMS_PER_READ) {
      var chunk = rooms.subList(from, Math.min(rooms.size(), from + ROOMS_PER_READ));
      chunk.forEach(roomId -> last.put(roomId, 0L));
      storage.timers().read().record(() -> lastSeqsQuery(chunk).forEach(room -> put(last, room)));
    }
    return last;
  }

  private AggregateIterable<Document> lastSeqsQuery(List<String> roomIds) {
    return messages.aggregate(
        List.of(
            Aggregates.match(Filters.in("roomId", roomIds)),
            Aggregates.sort(Sorts.descending("roomId", "seq")),
            Aggregates.group("$roomId", Accumulators.first("seq", "$seq"))));
  }

  private static void put(Map<String, Long> last, Document room) {
    last.put(room.getString("_id"), room.get("seq", Number.class).longValue());
  }

  @Override
  public List<Message> before(String roomId, long beforeSeq, int limit) {
    return storage
        .timers()
        .scan()
        .record(
            () -> {
              if (beforeSeq <= 1 || limit <= 0) {
                return List.of();
              }
              return page(beforeQuery(roomId, beforeSeq, limit), limit);
            });
  }

  @Override
  public List<Message> after(String roomId, long afterSeq, int limit) {
    return storage
        .timers()
        .scan()
        .record(
            () -> {
              if (limit <= 0) {
                return List.of();
              }
              return page(afterQuery(roomId, afterSeq, limit), limit);
            });
  }

  // why: the queries are named so that a test can explain exactly what the adapter runs; each is
  // served by the room_seq index {roomId: 1, seq: 1}, whose order is the sort order. Filters are
  // one document of implicit ANDs, the canonical form; an explicit $and left some planners
  // (SecantusDB's) scanning the collection

  FindIterable<Document> lastSeqQuery(String roomId) {
    return messages
        .find(eq("roomId", roomId))
        .sort(Sorts.descending("seq"))
        .projection(Projections.include("seq"))
        .limit(1);
  }

  FindIterable<Document> headQuery(String roomId) {
    return messages
        .find(eq("roomId", roomId))
        .sort(Sorts.descending("seq"))
        .projection(Projections.include("seq", "ordinal"))
        .limit(1);
  }

  FindIterable<Document> beforeQuery(String roomId, long beforeSeq, int limit) {
    return messages
        .find(new Document("roomId", roomId).append("seq", new Document("$lt", beforeSeq)))
        .sort(Sorts.descending("seq"))
        .limit(limit);
  }

  FindIterable<Document> afterQuery(String roomId, long afterSeq, int limit) {
    return messages
        .find(new Document("roomId", roomId).append("seq", new Document("$gt", afterSeq)))
        .sort(Sorts.ascending("seq"))
        .limit(limit);
  }

  private static List<Message> page(Iterable<Document> found, int limit) {
    var page = new ArrayList<Message>(Math.min(limit, 128));
    for (Document document : found) {
      page.add(MessageDocuments.fromDocument(document));
    }
    return page;
  }
}
