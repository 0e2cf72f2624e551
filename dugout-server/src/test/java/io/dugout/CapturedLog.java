package io.dugout;

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
 * Records the lines one named logger (or, with {@link #all}, every logger) writes in this JVM, from
 * {@link #of} to {@link #close()}. Capture after the servers started: a starting Spring context
 * sets logging up anew (for a line logged while a node starts, read the console:
 * OutputCaptureExtension).
 */
public final class CapturedLog extends AppenderBase<ILoggingEvent> implements AutoCloseable {

  /** One logged line. */
  public record Line(Level level, String logger, String message) {

    @Override
    public String toString() {
      return level + " " + logger + ": " + message;
    }
  }

  private final Logger logger;
  private final Queue<Line> lines = new ConcurrentLinkedQueue<>();

  private CapturedLog(String name) {
    this.logger = (Logger) LoggerFactory.getLogger(name);
  }

  /** The lines of the logger of this name and the loggers below it. */
  public static CapturedLog of(String loggerName) {
    var log = new CapturedLog(loggerName);
    log.setContext(log.logger.getLoggerContext());
    log.start();
    log.logger.addAppender(log);
    return log;
  }

  /** Every line logged in this JVM. */
  public static CapturedLog all() {
    return of(Logger.ROOT_LOGGER_NAME);
  }

  @Override
  protected void append(ILoggingEvent event) {
    lines.add(new Line(event.getLevel(), event.getLoggerName(), event.getFormattedMessage()));
  }

  /** The messages so far. */
  public List<String> lines() {
    return lines.stream().map(Line::message).toList();
  }

  /** The lines so far that match. */
  public List<Line> matching(Predicate<Line> which) {
    return lines.stream().filter(which).toList();
  }

  /** Forgets the lines so far. */
  public void clear() {
    lines.clear();
  }

  @Override
  public void close() {
    logger.detachAppender(this);
    stop();
  }
}
