package io.dugout.notification;

import io.dugout.message.Message;
import io.dugout.message.MessageStore;
import io.dugout.message.UnnotifiedMessages;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * At start, before the node's listeners open, notifies the messages whose {@link
 * UnnotifiedMessages} marks are left (the last run was killed before it notified them, or its
 * notifier's queue was full), through {@link ChatNotifier#replay}, and removes the marks of those
 * it notified. A room whose notifications fail keeps its marks for the next start. Nothing to do
 * where the store does not keep marks (a cluster).
 */
@Component
class UnnotifiedReplay implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(UnnotifiedReplay.class);

  /** Marks read and notified at a time. */
  static final int PAGE = 1000;

  /** Pages at most per start: ten million messages. */
  static final int MAX_PAGES = 10_000;

  private final UnnotifiedMessages unnotified;
  private final MessageStore messages;
  private final ChatNotifier notifier;
  private volatile boolean running;

  UnnotifiedReplay(UnnotifiedMessages unnotified, MessageStore messages, ChatNotifier notifier) {
    this.unnotified = unnotified;
    this.messages = messages;
    this.notifier = notifier;
  }

  /** Replays every mark left, a page at a time, until none is left or a page notifies nothing. */
  int replayAll() {
    if (!unnotified.kept()) {
      return 0;
    }
    int replayed = 0;
    for (int page = 0; page < MAX_PAGES; page++) {
      var marks = unnotified.oldest(PAGE);
      if (marks.isEmpty()) {
        break;
      }
      var read = read(marks);
      var notified = notifier.replay(read);
      var done = new ArrayList<UnnotifiedMessages.Mark>();
      notified.forEach(m -> done.add(UnnotifiedMessages.Mark.of(m)));
      // why: a mark whose message is gone has nothing left to notify
      var found = read.stream().map(UnnotifiedMessages.Mark::of).collect(Collectors.toSet());
      marks.stream().filter(m -> !found.contains(m)).forEach(done::add);
      if (done.isEmpty()) {
        log.warn("{} message(s) left unnotified: their notifications failed", marks.size());
        break;
      }
      unnotified.remove(done);
      replayed += notified.size();
    }
    return replayed;
  }

  /** The marked messages, by room and then seq. */
  private List<Message> read(List<UnnotifiedMessages.Mark> marks) {
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

  @Override
  public void start() {
    try {
      int replayed = replayAll();
      if (replayed > 0) {
        log.info("Notified {} message(s) the last run had not notified", replayed);
      }
    } catch (RuntimeException e) {
      // why: the marks stay for the next start; a node that cannot notify can still deliver
      log.warn("Notifying the messages the last run had not notified failed", e);
    }
    running = true;
  }

  @Override
  public void stop() {
    running = false;
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  /** why: before the listeners (Tomcat, Netty) open, so no new message can join a replay. */
  @Override
  public int getPhase() {
    return Integer.MAX_VALUE - 16_384;
  }
}
