package io.dugout.cluster.kafka;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Predicate;
import org.slf4j.LoggerFactory;

/**
 * Every line the JVM logs from {@link #capture()} to {@link #close()}, with its level and logger.
 * Capture after the nodes started: a starting Spring context sets logging up anew.
 */
final class LogLines extends AppenderBase<ILoggingEvent> implements AutoCloseable {

  /** One logged line. */
  record Line(Level level, String logger, String message) {

    @Override
    public String toString() {
      return level + " " + logger + ": " + message;
    }
  }

  private final Logger root = (Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME);
  private final Queue<Line> lines = new ConcurrentLinkedQueue<>();

  static LogLines capture() {
    var log = new LogLines();
    log.setContext(log.root.getLoggerContext());
    log.start();
    log.root.addAppender(log);
    return log;
  }

  @Override
  protected void append(ILoggingEvent event) {
    lines.add(new Line(event.getLevel(), event.getLoggerName(), event.getFormattedMessage()));
  }

  /** The lines so far that match. */
  List<Line> matching(Predicate<Line> which) {
    return lines.stream().filter(which).toList();
  }

  /** Forgets the lines so far. */
  void clear() {
    lines.clear();
  }

  @Override
  public void close() {
    root.detachAppender(this);
    stop();
  }
}
