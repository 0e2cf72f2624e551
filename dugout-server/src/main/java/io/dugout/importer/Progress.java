package io.dugout.importer;

import java.io.PrintStream;

/** Progress lines while messages are written: at most one every {@link #EVERY_NANOS}. */
final class Progress {

  private static final long EVERY_NANOS = 2_000_000_000L;

  private final PrintStream out;
  private final long total;
  private final long started = System.nanoTime();
  private long done;
  private long printedAt = started;

  Progress(PrintStream out, long total) {
    this.out = out;
    this.total = total;
  }

  void messages(long count) {
    done += count;
    long now = System.nanoTime();
    if (now - printedAt >= EVERY_NANOS) {
      printedAt = now;
      double seconds = (now - started) / 1e9;
      out.printf(
          "messages: %d of %d (%.0f%%, %.0f messages/s)%n",
          done, total, total == 0 ? 100.0 : 100.0 * done / total, done / seconds);
    }
  }
}
