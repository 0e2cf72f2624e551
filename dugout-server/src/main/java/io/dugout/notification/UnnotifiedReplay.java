package io.dugout.notification;

import io.dugout.message.UnnotifiedMessages;
import io.dugout.system.ConditionalOnSelection;
import io.dugout.system.DugoutProperties.Mode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * At start, before the node's listeners open, notifies the messages whose {@link
 * UnnotifiedMessages} marks are left (the last run was killed before it notified them, or its
 * notifier's queue was full), through {@link MarkedMessages}. A room whose notifications fail keeps
 * its marks for the next start, or {@link UnnotifiedSweep}. One node only: in a cluster the marks
 * at a node's start include those other nodes are notifying right now, and {@link UnnotifiedSweep}
 * alone tells the ones left behind.
 */
@Component
@ConditionalOnSelection(mode = Mode.EMBEDDED)
class UnnotifiedReplay implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(UnnotifiedReplay.class);

  /** Marks read and notified at a time. */
  static final int PAGE = 1000;

  /** Pages at most per start: ten million messages. */
  static final int MAX_PAGES = 10_000;

  private final UnnotifiedMessages unnotified;
  private final MarkedMessages marked;
  private volatile boolean running;

  UnnotifiedReplay(UnnotifiedMessages unnotified, MarkedMessages marked) {
    this.unnotified = unnotified;
    this.marked = marked;
  }

  /** Replays every mark left, a page at a time, until none is left or a page notifies nothing. */
  int replayAll() {
    int replayed = 0;
    for (int page = 0; page < MAX_PAGES; page++) {
      var marks = unnotified.oldest(PAGE);
      if (marks.isEmpty()) {
        break;
      }
      int done = marked.notify(marks);
      if (done == 0) {
        log.warn("{} message(s) left unnotified: their notifications failed", marks.size());
        break;
      }
      replayed += done;
    }
    return replayed;
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
