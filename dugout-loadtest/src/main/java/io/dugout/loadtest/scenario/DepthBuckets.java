package io.dugout.loadtest.scenario;

import io.dugout.loadtest.report.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * History latency by cursor depth (how many entries are newer than the cursor), in equal buckets
 * from 0 to the deepest seq: it shows whether a page deep in a room costs more than a recent one.
 * Thread-safe.
 */
final class DepthBuckets {

  private final Histogram[] buckets;

  private final long width;

  private final long deepest;

  DepthBuckets(int count, long deepest) {
    this.buckets = new Histogram[count];
    for (int b = 0; b < count; b++) {
      buckets[b] = new ConcurrentHistogram(3);
    }
    this.width = Math.max(1, (deepest + count) / count);
    this.deepest = deepest;
  }

  void record(long depth, long micros) {
    buckets[(int) Math.min(buckets.length - 1, depth / width)].recordValue(Math.max(1, micros));
  }

  RunResult.Table table() {
    List<List<String>> rows = new ArrayList<>();
    for (int b = 0; b < buckets.length; b++) {
      Histogram h = buckets[b];
      long from = b * width;
      long to = b == buckets.length - 1 ? deepest : Math.min(deepest, (b + 1) * width - 1);
      if (from > deepest) {
        break;
      }
      rows.add(
          List.of(
              from + "–" + to,
              String.valueOf(h.getTotalCount()),
              ms(h.getMean()),
              ms(h.getValueAtPercentile(50)),
              ms(h.getValueAtPercentile(95)),
              ms(h.getValueAtPercentile(99)),
              ms(h.getMaxValue())));
    }
    return new RunResult.Table(
        "history latency by cursor depth (messages newer than the cursor)",
        List.of("depth", "samples", "avg ms", "p50 ms", "p95 ms", "p99 ms", "max ms"),
        rows);
  }

  private static String ms(double micros) {
    return String.format(Locale.ROOT, "%.3f", micros / 1000);
  }
}
