package io.dugout.notification;

import io.dugout.message.Message;
import io.dugout.message.MessageStore;
import io.dugout.message.UnnotifiedMessages;
import io.dugout.message.UnnotifiedMessages.Mark;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * Notifies the messages of {@link UnnotifiedMessages} marks that were left (by a kill, a full
 * queue, a failed room) through {@link ChatNotifier#replay}, each member only of what they are not
 * past yet, and removes the marks it is done with: those it notified and those whose message is
 * gone. A room whose notifications fail keeps its marks. {@link #notify} does it on the calling
 * thread, for a node that is starting; {@link #notifyLater} on the notifier's worker, for a node
 * that runs.
 */
@Component
class MarkedMessages {

  private final UnnotifiedMessages unnotified;
  private final MessageStore messages;
  private final ChatNotifier notifier;

  MarkedMessages(UnnotifiedMessages unnotified, MessageStore messages, ChatNotifier notifier) {
    this.unnotified = unnotified;
    this.messages = messages;
    this.notifier = notifier;
  }

  /**
   * Notifies the marked messages and removes the marks done.
   *
   * @return how many marks were done with (0 when every room failed)
   */
  int notify(List<Mark> marks) {
    var found = readRemovingGone(marks);
    var notified = notifier.replay(found).stream().map(Mark::of).toList();
    if (!notified.isEmpty()) {
      unnotified.remove(notified);
    }
    return marks.size() - found.size() + notified.size();
  }

  /**
   * Queues the marked messages on the notifier's worker ({@link ChatNotifier#replayLater}), which
   * removes their marks once it notified them.
   *
   * @return how many messages were queued
   */
  int notifyLater(List<Mark> marks) {
    var found = readRemovingGone(marks);
    notifier.replayLater(found);
    return found.size();
  }

  /**
   * The marked messages that are still there, and removes the marks of those that are not. why: a
   * mark whose message is gone has nothing left to notify.
   */
  private List<Message> readRemovingGone(List<Mark> marks) {
    if (marks.isEmpty()) {
      return List.of();
    }
    var found = read(marks);
    var kept = found.stream().map(Mark::of).collect(Collectors.toSet());
    var gone = marks.stream().filter(m -> !kept.contains(m)).toList();
    if (!gone.isEmpty()) {
      unnotified.remove(gone);
    }
    return found;
  }

  /** The marked messages, by room and then seq. */
  private List<Message> read(List<Mark> marks) {
    var seqsByRoom = new LinkedHashMap<String, List<Long>>();
    marks.forEach(
        m -> seqsByRoom.computeIfAbsent(m.roomId(), id -> new ArrayList<>()).add(m.seq()));
    var read = new ArrayList<Message>(marks.size());
    seqsByRoom.forEach(
        (roomId, seqs) ->
            read.addAll(
                messages.get(roomId, seqs).stream()
                    .sorted(Comparator.comparingLong(Message::seq))
                    .toList()));
    return read;
  }
}
