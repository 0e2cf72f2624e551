package io.dugout.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/** Aggregate of one latency series, in milliseconds (from microsecond samples). */
public record SeriesSummary(
    long samples,
    double avgMs,
    double p50Ms,
    double p95Ms,
    double p99Ms,
    double p999Ms,
    double maxMs,
    double perSecond) {

  static SeriesSummary of(Histogram histogram, double seconds) {
    if (histogram.getTotalCount() == 0) {
      return new SeriesSummary(0, 0, 0, 0, 0, 0, 0, 0);
    }
    return new SeriesSummary(
        histogram.getTotalCount(),
        ms(histogram.getMean()),
        ms(histogram.getValueAtPercentile(50)),
        ms(histogram.getValueAtPercentile(95)),
        ms(histogram.getValueAtPercentile(99)),
        ms(histogram.getValueAtPercentile(99.9)),
        ms(histogram.getMaxValue()),
        histogram.getTotalCount() / seconds);
  }

  /** Percentile → latency pairs for the distribution chart, denser towards the tail. */
  static List<double[]> distribution(Histogram histogram) {
    List<double[]> points = new ArrayList<>();
    if (histogram.getTotalCount() == 0) {
      return points;
    }
    for (double p :
        new double[] {
          0, 10, 20, 30, 40, 50, 60, 70, 75, 80, 85, 90, 92.5, 95, 96, 97, 97.5, 98, 98.5, 99,
          99.25, 99.5, 99.75, 99.9, 99.95, 99.99, 99.999, 100
        }) {
      points.add(
          new double[] {
            p, ms(p == 100 ? histogram.getMaxValue() : histogram.getValueAtPercentile(p))
          });
    }
    return points;
  }

  private static double ms(double micros) {
    return Math.round(micros) / 1000.0;
  }
}
