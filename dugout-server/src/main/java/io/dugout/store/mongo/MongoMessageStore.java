package io.dugout.store.mongo;

import static com.mongodb.client.model.Filters.eq;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.Updates;
import io.dugout.message.Attachment;
import io.dugout.message.Message;
import io.dugout.message.MessageChange;
import io.dugout.message.MessageChanges;
import io.dugout.message.MessageKind;
import io.dugout.message.MessageStore;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.bson.Document;

/**
 * {@link MessageStore} on MongoDB: one document per message in {@code messages}. A write is one
 * insert; the unique indexes {@code {roomId, seq}} and {@code {roomId, senderId, clientMsgId}}
 * decide whether it lands, across every node and every former partition owner, and the write
 * returns only once the configured write concern (majority by default) has acknowledged it. Every
 * read is one range scan of {@code {roomId, seq}}.
 */
final class MongoMessageStore implements MessageStore {

  private final MongoStorage storage;
  private final MongoCollection<Document> messages;
  private final MongoCollection<Document> holders;

  /** Replacements of a change's target tried when other writes keep replacing it first. */
  private static final int CAS_ATTEMPTS = 5;

  MongoMessageStore(MongoStorage storage) {
    this.storage = storage;
    this.messages = storage.collection(MongoStorage.MESSAGES);
    this.holders = storage.holders(MongoStorage.MESSAGES);
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
                messages.insertOne(toDocument(message));
                written = new Written(message, Outcome.CREATED);
              } catch (MongoWriteException e) {
                if (!MongoStorage.isDuplicateKey(e)) {
                  throw e;
                }
                written = collided(message, e);
              }
              return completed(written);
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
                    batch.stream().map(MongoMessageStore::toDocument).toList(),
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
              // why: in seq order, so that two changes to one message apply in the log's order
              written.replaceAll(this::completed);
              return written;
            });
  }

  /**
   * A written change with its effect applied to its target; anything else as it is. Runs for a
   * created change and for a retried one alike, so that a change whose insert landed but whose
   * effect did not (the process died between) is completed by its retry or by the partition's
   * replay. The target is replaced only if no other write replaced it since it was read, and only
   * while the change is pending ({@link MessageChanges#pending}), so nothing applies twice. An
   * edit's content is kept on its entry only until its target has it.
   */
  private Written completed(Written written) {
    Message entry = written.message();
    if (!entry.isChangeEntry() || written.outcome() == Outcome.SEQ_TAKEN) {
      return written;
    }
    Message change = entry;
    Message target = null;
    boolean settled = false;
    for (int attempt = 0; attempt < CAS_ATTEMPTS && !settled; attempt++) {
      Document stored =
          holders
              .find(new Document("roomId", change.roomId()).append("seq", change.targetSeq()))
              .first();
      if (stored == null) {
        settled = true;
        break;
      }
      Message current = fromDocument(stored);
      target = current;
      if (!MessageChanges.pending(current, change)
          || (change.changeType() == MessageChange.EDITED && change.content() == null)) {
        settled = true;
        break;
      }
      Message next = MessageChanges.apply(current, change);
      var filter =
          new Document("_id", stored.get("_id")).append("changedSeq", current.changedSeq());
      if (messages.replaceOne(filter, toDocument(next)).getMatchedCount() == 1) {
        target = next;
        settled = true;
      }
    }
    if (!settled) {
      // why: another writer kept replacing the target (a former owner still running); fail the
      // write so that it is retried, and the retry, finding the entry, completes it
      throw new IllegalStateException(
          "the target of change "
              + change.roomId()
              + "#"
              + change.seq()
              + " kept changing under it; retry");
    }
    if (change.content() != null) {
      messages.updateOne(
          new Document("roomId", change.roomId()).append("seq", change.seq()),
          Updates.unset("content"));
    }
    return new Written(change.stored().withRendered(null, target), written.outcome());
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
      return new Written(fromDocument(original), Outcome.RETRY);
    }
    Document holder =
        holders.find(new Document("roomId", message.roomId()).append("seq", message.seq())).first();
    if (holder != null) {
      return new Written(fromDocument(holder), Outcome.SEQ_TAKEN);
    }
    throw new IllegalStateException(
        "duplicate key on " + message.roomId() + "#" + message.seq() + " but no holder", cause);
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
      page.add(fromDocument(document));
    }
    return page;
  }

  static Document toDocument(Message message) {
    var attachments = new ArrayList<Document>();
    for (Attachment a :
        message.attachments() == null ? List.<Attachment>of() : message.attachments()) {
      attachments.add(
          new Document("url", a.url())
              .append("name", a.name())
              .append("size", a.size())
              .append("mime", a.mime()));
    }
    var document =
        new Document("roomId", message.roomId())
            .append("seq", message.seq())
            .append("senderId", message.senderId());
    if (message.kind() != null) {
      document.append("kind", message.kind().name());
    }
    if (message.content() != null) {
      document.append("content", message.content());
    }
    document.append("attachments", attachments).append("clientMsgId", message.clientMsgId());
    MongoStorage.putInstant(document, "sentAt", message.sentAt());
    document.append("ordinal", message.ordinal());
    putIfSet(document, "replyTo", message.replyTo());
    if (!message.mentions().isEmpty()) {
      document.append("mentions", message.mentions());
    }
    if (message.editedAt() != null) {
      MongoStorage.putInstant(document, "editedAt", message.editedAt());
    }
    if (message.deleted()) {
      document.append("deleted", true).append("deletedBy", message.deletedBy());
      MongoStorage.putInstant(document, "deletedAt", message.deletedAt());
    }
    if (!message.reactions().isEmpty()) {
      var reactions = new ArrayList<Document>();
      for (Message.Reaction r : message.reactions()) {
        reactions.add(
            new Document("emoji", r.emoji()).append("count", r.count()).append("users", r.users()));
      }
      document.append("reactions", reactions);
    }
    putIfSet(document, "changedSeq", message.changedSeq());
    putIfSet(document, "change", message.change());
    putIfSet(document, "targetSeq", message.targetSeq());
    putIfSet(document, "emoji", message.emoji());
    return document;
  }

  private static void putIfSet(Document document, String field, Object value) {
    if (value != null) {
      document.append(field, value);
    }
  }

  private static Long longOrNull(Document d, String field) {
    Number value = d.get(field, Number.class);
    return value == null ? null : value.longValue();
  }

  static Message fromDocument(Document d) {
    var attachments = new ArrayList<Attachment>();
    for (Document a : d.getList("attachments", Document.class, List.of())) {
      attachments.add(
          new Attachment(
              a.getString("url"),
              a.getString("name"),
              a.get("size", Number.class).longValue(),
              a.getString("mime")));
    }
    var reactions = new ArrayList<Message.Reaction>();
    for (Document r : d.getList("reactions", Document.class, List.of())) {
      reactions.add(
          new Message.Reaction(
              r.getString("emoji"),
              r.get("count", Number.class).longValue(),
              r.getList("users", String.class, List.of())));
    }
    String kind = d.getString("kind");
    long seq = d.get("seq", Number.class).longValue();
    Long ordinal = longOrNull(d, "ordinal");
    boolean deleted = d.getBoolean("deleted", false);
    return new Message(
        d.getString("roomId"),
        seq,
        d.getString("senderId"),
        kind == null ? null : MessageKind.valueOf(kind),
        d.getString("content"),
        kind == null && attachments.isEmpty() ? null : List.copyOf(attachments),
        d.getString("clientMsgId"),
        MongoStorage.getInstant(d, "sentAt"),
        ordinal == null ? 0 : ordinal,
        longOrNull(d, "replyTo"),
        null,
        d.getList("mentions", String.class, List.of()),
        d.containsKey("editedAt") ? MongoStorage.getInstant(d, "editedAt") : null,
        deleted,
        deleted ? MongoStorage.getInstant(d, "deletedAt") : null,
        d.getString("deletedBy"),
        reactions,
        longOrNull(d, "changedSeq"),
        d.getString("change"),
        longOrNull(d, "targetSeq"),
        d.getString("emoji"),
        null);
  }
}
