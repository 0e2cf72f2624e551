package io.dugout.realtime;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.slf4j.LoggerFactory;

/**
 * Records what the server logs at WARN or above, or with a stack trace, from {@link #start()} to
 * {@link #close()}: a client's mistake must leave no such trace.
 */
public final class LoggedProblems extends AppenderBase<ILoggingEvent> implements AutoCloseable {

  private final Logger root = (Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME);
  private final Queue<String> problems = new ConcurrentLinkedQueue<>();

  public static LoggedProblems capture() {
    var logged = new LoggedProblems();
    logged.setContext(logged.root.getLoggerContext());
    logged.start();
    logged.root.addAppender(logged);
    return logged;
  }

  @Override
  protected void append(ILoggingEvent event) {
    if (event.getLevel().isGreaterOrEqual(Level.WARN) || event.getThrowableProxy() != null) {
      problems.add(
          event.getLevel() + " " + event.getLoggerName() + ": " + event.getFormattedMessage());
    }
  }

  public List<String> problems() {
    return List.copyOf(problems);
  }

  @Override
  public void close() {
    root.detachAppender(this);
    stop();
  }
}
