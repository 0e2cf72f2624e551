package io.dugout.store.mongo;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Updates;
import io.dugout.message.Message;
import io.dugout.message.MessageChange;
import io.dugout.message.MessageChanges;
import io.dugout.message.MessageStore.Outcome;
import io.dugout.message.MessageStore.Written;
import org.bson.Document;

/**
 * Applies a stored change entry to its target in {@code messages}, after the entry's insert fenced
 * its seq (ADR 15): MongoDB writes the two apart, so this runs for every written change, created or
 * retried, and completes one whose effect a crash cut off.
 */
final class ChangeEffects {

  /** Replacements of a change's target tried when other writes keep replacing it first. */
  private static final int CAS_ATTEMPTS = 5;

  private final MongoCollection<Document> messages;
  private final MongoCollection<Document> holders;

  ChangeEffects(MongoCollection<Document> messages, MongoCollection<Document> holders) {
    this.messages = messages;
    this.holders = holders;
  }

  /**
   * A written change with its effect applied to its target; anything else as it is. Runs for a
   * created change and for a retried one alike, so that a change whose insert landed but whose
   * effect did not (the process died between) is completed by its retry or by the partition's
   * replay. The target is replaced only if no other write replaced it since it was read, and only
   * while the change is pending ({@link MessageChanges#pending}), so nothing applies twice. An
   * edit's content is kept on its entry only until its target has it.
   */
  Written completed(Written written) {
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
      Message current = MessageDocuments.fromDocument(stored);
      target = current;
      if (!MessageChanges.pending(current, change)
          || (change.changeType() == MessageChange.EDITED && change.content() == null)) {
        settled = true;
        break;
      }
      Message next = MessageChanges.apply(current, change);
      var filter =
          new Document("_id", stored.get("_id")).append("changedSeq", current.changedSeq());
      var replacement = MongoUnnotifiedMessages.keepMark(stored, MessageDocuments.toDocument(next));
      if (messages.replaceOne(filter, replacement).getMatchedCount() == 1) {
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
}
