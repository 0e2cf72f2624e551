package io.dugout.importer;

import io.dugout.message.Message;
import io.dugout.message.MessageStore;
import io.dugout.message.MessageStore.Head;
import io.dugout.message.MessageStore.Outcome;
import io.dugout.message.MessageStore.Written;
import io.dugout.message.RetryKey;
import io.dugout.message.UnnotifiedMessages;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes one room's messages through {@link MessageStore#writeInOrder}, in batches, in the original
 * order. The original id is each message's {@code clientMsgId}, so the store's retry key tells
 * which messages an earlier run stored: those are counted as present, and the others get the seqs
 * after the room's newest entry. That makes a re-run store nothing twice and lets an interrupted
 * run continue without a gap.
 */
final class MessageImport {

  /**
   * How often in a row the room's head may move under the import (another writer taking the seqs it
   * meant to use) before it gives the room up.
   */
  private static final int MAX_TAKEN = 5;

  private final MessageStore store;
  private final UnnotifiedMessages unnotified;
  private final int batchSize;
  private final ImportSummary summary;
  private final Progress progress;

  MessageImport(
      MessageStore store,
      UnnotifiedMessages unnotified,
      int batchSize,
      ImportSummary summary,
      Progress progress) {
    this.store = store;
    this.unnotified = unnotified;
    this.batchSize = batchSize;
    this.summary = summary;
    this.progress = progress;
  }

  /** Where a message sits in its room. */
  record Position(long seq, long ordinal) {}

  /** Where the messages of a room's lines went: those asked for by id, and the newest. */
  static final class Positions {
    private final Set<String> wanted;
    private final Map<String, Position> byId = new HashMap<>();
    private Position newest;

    Positions(Set<String> wanted) {
      this.wanted = wanted;
    }

    /** The position of the message with this original id, null when it was not imported. */
    Position of(String id) {
      return byId.get(id);
    }

    /** The position of the newest message of the lines; null when there is none. */
    Position newest() {
      return newest;
    }

    void note(MessageLine line, Message stored) {
      var position = new Position(stored.seq(), stored.ordinal());
      if (wanted.contains(line.id())) {
        byId.put(line.id(), position);
      }
      if (newest == null || newest.seq() < position.seq()) {
        newest = position;
      }
    }
  }

  /**
   * Writes the room's message lines.
   *
   * @param wanted original ids whose positions the caller needs (members' read markers)
   */
  Positions write(String roomId, List<MessageLine> lines, Set<String> wanted) {
    var ordered = distinct(lines);
    ordered.sort(null);
    var positions = new Positions(wanted);
    Head head = store.head(roomId);
    for (int from = 0; from < ordered.size(); from += batchSize) {
      var batch = ordered.subList(from, Math.min(ordered.size(), from + batchSize));
      head = writeBatch(roomId, batch, head, positions);
      progress.messages(batch.size());
    }
    return positions;
  }

  private Head writeBatch(String roomId, List<MessageLine> batch, Head head, Positions positions) {
    var keys = new ArrayList<RetryKey>(batch.size());
    for (MessageLine line : batch) {
      keys.add(new RetryKey(roomId, line.senderId(), line.id()));
    }
    var stored = new HashMap<RetryKey, Message>();
    for (Message holder : store.retryHolders(keys)) {
      stored.put(RetryKey.of(holder), holder);
    }
    var pending = new ArrayList<MessageLine>(batch.size());
    for (MessageLine line : batch) {
      Message holder = stored.get(new RetryKey(roomId, line.senderId(), line.id()));
      if (holder != null) {
        summary.messagesPresent++;
        positions.note(line, holder);
      } else {
        pending.add(line);
      }
    }
    int taken = 0;
    while (!pending.isEmpty()) {
      var messages = new ArrayList<Message>(pending.size());
      long seq = head.seq();
      long ordinal = head.ordinal();
      for (MessageLine line : pending) {
        messages.add(message(roomId, line, ++seq, ++ordinal));
      }
      List<Written> written = store.writeInOrder(messages);
      forgetMarks(written);
      int done = 0;
      for (Written one : written) {
        MessageLine line = pending.get(done);
        if (one.outcome() == Outcome.SEQ_TAKEN) {
          break;
        }
        done++;
        positions.note(line, one.message());
        if (one.outcome() == Outcome.CREATED) {
          summary.messagesImported++;
          head = new Head(one.message().seq(), one.message().ordinal());
        } else {
          // why: stored by a run that went on at the same time as this one
          summary.messagesPresent++;
        }
      }
      pending = new ArrayList<>(pending.subList(done, pending.size()));
      if (!pending.isEmpty() && done < written.size()) {
        if (++taken > MAX_TAKEN) {
          throw new IllegalStateException(
              "room "
                  + roomId
                  + " is being written by someone else while it is imported: import it"
                  + " while no node takes messages for it");
        }
        head = store.head(roomId);
      } else {
        taken = 0;
      }
    }
    return head;
  }

  /** The lines with one line per retry key (sender and id); a second line is rejected. */
  private List<MessageLine> distinct(List<MessageLine> lines) {
    var byKey = new ArrayList<>(lines);
    byKey.sort(
        Comparator.comparing(MessageLine::senderId)
            .thenComparing(MessageLine::id)
            .thenComparingLong(MessageLine::line));
    var kept = new ArrayList<MessageLine>(byKey.size());
    MessageLine previous = null;
    for (MessageLine line : byKey) {
      if (previous != null
          && previous.senderId().equals(line.senderId())
          && previous.id().equals(line.id())) {
        summary.reject(
            line.line(),
            "message "
                + line.id()
                + " of "
                + line.senderId()
                + " is already on line "
                + previous.line());
        continue;
      }
      kept.add(line);
      previous = line;
    }
    return kept;
  }

  private static Message message(String roomId, MessageLine line, long seq, long ordinal) {
    return new Message(
        roomId,
        seq,
        ordinal,
        line.senderId(),
        line.kind(),
        line.text(),
        List.of(),
        line.id(),
        line.createdAt());
  }

  /** why: imported history is old; it must not notify its rooms at the server's next start */
  private void forgetMarks(List<Written> written) {
    if (unnotified == null) {
      return;
    }
    var marks =
        written.stream()
            .filter(w -> w.outcome() == Outcome.CREATED)
            .map(w -> UnnotifiedMessages.Mark.of(w.message()))
            .toList();
    unnotified.remove(marks);
  }
}
