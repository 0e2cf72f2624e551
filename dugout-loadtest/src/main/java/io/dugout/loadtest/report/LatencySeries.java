package io.dugout.loadtest.report;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * One named latency measurement (e.g. {@code echo}), in microseconds. Recording is wait-free from
 * any thread; once a second the progress tick takes the interval histogram for the timeline and
 * folds it into the total.
 */
public final class LatencySeries {

  private final String name;

  private final Recorder recorder = new Recorder(3);

  private final Histogram total = new Histogram(3);

  private Histogram interval;

  LatencySeries(String name) {
    this.name = name;
  }

  public String name() {
    return name;
  }

  public void recordMicros(long micros) {
    recorder.recordValue(Math.max(1, micros));
  }

  /** Samples recorded so far (including the current interval). */
  public synchronized long count() {
    return total().getTotalCount();
  }

  /** The latency at {@code percentile} (0 to 100) of what was recorded so far, in milliseconds. */
  public synchronized double percentileMillis(double percentile) {
    Histogram all = total();
    return all.getTotalCount() == 0 ? 0 : all.getValueAtPercentile(percentile) / 1000.0;
  }

  /** Moves what was recorded since the last call into the total and returns it. */
  synchronized Histogram takeInterval() {
    interval = recorder.getIntervalHistogram(interval);
    total.add(interval);
    return interval;
  }

  synchronized Histogram total() {
    takeInterval();
    return total.copy();
  }

  /** Forgets everything recorded so far (used when measurement starts after warm-up). */
  synchronized void reset() {
    recorder.reset();
    total.reset();
  }
}
