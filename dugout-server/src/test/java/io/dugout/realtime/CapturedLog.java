package io.dugout.realtime;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.slf4j.LoggerFactory;

/** Records the lines one named logger writes, from {@link #of} to {@link #close()}. */
final class CapturedLog extends AppenderBase<ILoggingEvent> implements AutoCloseable {

  private final Logger logger;
  private final Queue<String> lines = new ConcurrentLinkedQueue<>();

  private CapturedLog(String name) {
    this.logger = (Logger) LoggerFactory.getLogger(name);
  }

  static CapturedLog of(String loggerName) {
    var log = new CapturedLog(loggerName);
    log.setContext(log.logger.getLoggerContext());
    log.start();
    log.logger.addAppender(log);
    return log;
  }

  @Override
  protected void append(ILoggingEvent event) {
    lines.add(event.getFormattedMessage());
  }

  List<String> lines() {
    return List.copyOf(lines);
  }

  @Override
  public void close() {
    logger.detachAppender(this);
    stop();
  }
}
