package io.dugout.loadtest.report;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The live one-line display on stderr, refreshed every second: phase, elapsed time, connections,
 * sent, received, errors, current rates, latency of the last second and the generator's CPU. Each
 * tick also records the run's timeline.
 */
public final class Progress implements AutoCloseable {

  private final Supplier<Metrics> metrics;

  private final PrintStream out;

  private final Supplier<String> phase;

  private final ScheduledExecutorService ticker =
      Executors.newSingleThreadScheduledExecutor(
          runnable -> {
            Thread thread = new Thread(runnable, "progress");
            thread.setDaemon(true);
            return thread;
          });

  private final boolean terminal = System.console() != null;

  /** Shows whichever metrics {@code metrics} names at each tick (a run's, then its floor run's). */
  public Progress(Supplier<Metrics> metrics, PrintStream out, Supplier<String> phase) {
    this.metrics = metrics;
    this.out = out;
    this.phase = phase;
    ticker.scheduleAtFixedRate(this::tick, 1, 1, TimeUnit.SECONDS);
  }

  private void tick() {
    try {
      TimelinePoint point = metrics.get().tick();
      StringBuilder line =
          new StringBuilder(
              String.format(
                  Locale.ROOT,
                  "%-8s %6.1fs  conns %5d  sent %9d (%7.0f/s)  recv %10d (%8.0f/s)  err %d",
                  phase.get(),
                  point.elapsedSeconds(),
                  point.connections(),
                  point.sent(),
                  point.sentPerSecond(),
                  point.received(),
                  point.receivedPerSecond(),
                  point.errors()));
      for (Map.Entry<String, SeriesSummary> entry : point.latency().entrySet()) {
        line.append(
            String.format(
                Locale.ROOT, "  %s p99 %.1fms", entry.getKey(), entry.getValue().p99Ms()));
      }
      line.append(String.format(Locale.ROOT, "  cpu %.2f", point.cpuCores()));
      if (terminal) {
        out.print("\r\033[K" + line);
      } else {
        out.println(line);
      }
      out.flush();
    } catch (RuntimeException ex) {
      out.println("progress: " + ex);
    }
  }

  @Override
  public void close() {
    ticker.shutdownNow();
    if (terminal) {
      out.println();
    }
  }
}
