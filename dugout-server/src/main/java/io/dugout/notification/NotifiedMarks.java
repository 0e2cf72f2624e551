package io.dugout.notification;

import io.dugout.message.Message;
import io.dugout.message.UnnotifiedMessages;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The {@link UnnotifiedMessages} marks of messages whose notifications are made, gathered and
 * removed in one write once {@code dugout.notifications.unnotified-removal} has passed since the
 * last removal. why: in a cluster each removal is a round trip to MongoDB, and a busy chat notifier
 * makes a pass every millisecond or so. A failed removal leaves the marks, and their messages are
 * notified again later ({@link UnnotifiedSweep}), where the members' floors keep anyone past them
 * from hearing of them twice. Thread-safe.
 */
@Component
class NotifiedMarks {

  private static final Logger log = LoggerFactory.getLogger(NotifiedMarks.class);

  private final UnnotifiedMessages unnotified;
  private final Duration every;
  private final Queue<UnnotifiedMessages.Mark> gathered = new ConcurrentLinkedQueue<>();
  private volatile long lastRemoval = System.nanoTime();

  NotifiedMarks(UnnotifiedMessages unnotified, NotificationProperties properties) {
    this.unnotified = unnotified;
    this.every = properties.unnotifiedRemoval();
  }

  /** Gathers the marks of {@code notified}, and removes what is gathered when it is time. */
  void notified(List<Message> notified) {
    notified.forEach(m -> gathered.add(UnnotifiedMessages.Mark.of(m)));
    if (System.nanoTime() - lastRemoval >= every.toNanos()) {
      removeNow();
    }
  }

  /** Removes every mark gathered so far, in one write. */
  void removeNow() {
    lastRemoval = System.nanoTime();
    var marks = new ArrayList<UnnotifiedMessages.Mark>();
    for (var mark = gathered.poll(); mark != null; mark = gathered.poll()) {
      marks.add(mark);
    }
    if (marks.isEmpty()) {
      return;
    }
    try {
      unnotified.remove(marks);
    } catch (RuntimeException e) {
      log.warn(
          "Removing the marks of {} notified message(s) failed: {}", marks.size(), e.toString());
    }
  }
}
