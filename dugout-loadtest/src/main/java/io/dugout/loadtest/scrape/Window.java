package io.dugout.loadtest.scrape;

import java.util.Map;
import java.util.TreeMap;

/**
 * What the server did between two scrapes: rates from counter deltas and quantiles from histogram
 * bucket deltas, the way Prometheus' {@code rate} and {@code histogram_quantile} compute them.
 */
record Window(Scrape from, Scrape to) {

  static final String DELIVERIES = "dugout_realtime_deliveries_total";
  static final String APPENDED = "dugout_messages_appended_total";
  static final String DELIVERY_LATENCY = "dugout_realtime_delivery_latency_seconds";
  static final String GC_PAUSE = "jvm_gc_pause_seconds";
  static final String QUEUE_MAX = "dugout_realtime_outbound_queue_frames_max";
  static final String CPU = "process_cpu_usage";
  static final String CPUS = "system_cpu_count";

  double seconds() {
    return (to.atNanos() - from.atNanos()) / 1e9;
  }

  /** Per-second increase of a counter (summed over its label sets). */
  double rate(String counter) {
    double delta = to.sum(counter) - from.sum(counter);
    return seconds() <= 0 ? Double.NaN : Math.max(0, delta) / seconds();
  }

  /** The process's CPU in cores at the end of the window (Micrometer's gauge × core count). */
  double cpuCores() {
    return to.max(CPU) * to.max(CPUS);
  }

  /** Seconds the JVM spent in GC pauses per second of the window. */
  double gcPausePerSecond() {
    return rate(GC_PAUSE + "_sum");
  }

  /** The {@code q} quantile of a histogram over the window in milliseconds; NaN if empty. */
  double quantileMs(String histogram, double q) {
    TreeMap<Double, Double> now = to.buckets(histogram);
    TreeMap<Double, Double> before = from.buckets(histogram);
    TreeMap<Double, Double> delta = new TreeMap<>();
    for (Map.Entry<Double, Double> bucket : now.entrySet()) {
      delta.put(bucket.getKey(), bucket.getValue() - before.getOrDefault(bucket.getKey(), 0.0));
    }
    return quantile(delta, q) * 1000;
  }

  /** Linear interpolation inside the bucket that holds the quantile, as Prometheus does. */
  static double quantile(TreeMap<Double, Double> cumulative, double q) {
    if (cumulative.isEmpty()) {
      return Double.NaN;
    }
    double total = cumulative.lastEntry().getValue();
    if (total <= 0) {
      return Double.NaN;
    }
    double rank = q * total;
    double lowerBound = 0;
    double lowerCount = 0;
    for (Map.Entry<Double, Double> bucket : cumulative.entrySet()) {
      if (bucket.getValue() >= rank) {
        if (bucket.getKey().isInfinite()) {
          return lowerBound;
        }
        double inBucket = bucket.getValue() - lowerCount;
        double share = inBucket <= 0 ? 1 : (rank - lowerCount) / inBucket;
        return lowerBound + (bucket.getKey() - lowerBound) * share;
      }
      lowerBound = bucket.getKey();
      lowerCount = bucket.getValue();
    }
    return lowerBound;
  }
}
