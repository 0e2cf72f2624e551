package io.dugout.notification;

import io.dugout.message.RoomOwnership;
import io.dugout.message.UnnotifiedMessages;
import io.dugout.message.UnnotifiedMessages.Mark;
import io.dugout.system.PeriodicSweep;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Every {@code dugout.notifications.unnotified-sweep}, finds the messages whose notifications were
 * left undone while the node runs, and has the chat notifier make them: a message stored by a
 * cluster node that stopped before it notified it, or one a full queue dropped.
 *
 * <p>A mark is left behind if it was already there at this node's previous sweep: the notifier
 * removes a message's mark within milliseconds of storing it, so a mark seen twice an interval
 * apart is one nobody is working on (or one whose queue is that far behind, which then notifies
 * twice). Of those, a node takes only the rooms it sequences ({@link RoomOwnership}): every room on
 * one node, the rooms of its Kafka partitions in a cluster, so each left mark is taken by one node,
 * chosen by Kafka's group membership. A mark left by a stopped node is notified one to two
 * intervals after its message was stored.
 *
 * <p>Each sweep reads up to {@link #PAGE} marks by room, then seq; should more than that many be
 * left in rooms this node does not sequence (their owner failing to notify them), the rest wait.
 */
@Component
class UnnotifiedSweep extends PeriodicSweep {

  private static final Logger log = LoggerFactory.getLogger(UnnotifiedSweep.class);

  /** Marks read at a sweep. */
  static final int PAGE = 1000;

  private final UnnotifiedMessages unnotified;
  private final MarkedMessages marked;
  private final RoomOwnership ownership;
  private final NotifiedMarks notifiedMarks;
  private Set<Mark> seen = Set.of();

  UnnotifiedSweep(
      UnnotifiedMessages unnotified,
      MarkedMessages marked,
      RoomOwnership ownership,
      NotifiedMarks notifiedMarks,
      NotificationProperties properties) {
    super("dugout-unnotified-sweep", properties.unnotifiedSweep());
    this.unnotified = unnotified;
    this.marked = marked;
    this.ownership = ownership;
    this.notifiedMarks = notifiedMarks;
  }

  /**
   * One sweep: queues the messages of this node's rooms whose marks the previous sweep saw too.
   *
   * @return how many messages it queued
   */
  int sweep() {
    // why: a mark the notifier is done with but has not removed yet is not left behind
    notifiedMarks.removeNow();
    List<Mark> marks =
        unnotified.oldest(PAGE).stream().filter(m -> ownership.sequencesHere(m.roomId())).toList();
    var previous = seen;
    seen = Set.copyOf(marks);
    var left = marks.stream().filter(previous::contains).toList();
    if (left.isEmpty()) {
      return 0;
    }
    int queued = marked.notifyLater(left);
    log.info(
        "Notifying {} message(s) whose notifications were left undone (a node stopped, or the"
            + " notifier's queue was full)",
        queued);
    return queued;
  }

  @Override
  protected void sweepQuietly() {
    try {
      sweep();
    } catch (RuntimeException e) {
      // why: the marks stay for the next sweep
      log.warn("Looking for messages left unnotified failed: {}", e.toString());
    }
  }
}
