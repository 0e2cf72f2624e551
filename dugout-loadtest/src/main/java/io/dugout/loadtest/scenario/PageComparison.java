package io.dugout.loadtest.scenario;

import io.dugout.loadtest.report.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * Answers from rooms whose pages carry reactions and replies beside answers from plain rooms, asked
 * for by the same clients in the same phase, in random order: their latency and size, and the ratio
 * of each. On a shared machine, what slows one slows the other alike, so the ratio holds where the
 * absolute figures wander. Thread-safe.
 */
final class PageComparison {

  /** What was asked for: a history page, or {@code enter}. */
  enum Request {
    HISTORY,
    ENTER
  }

  static final String TITLE =
      "pages with reactions and replies (rich) beside plain pages, same clients, same phase";

  private final Histogram[][] latency = new Histogram[2][2];

  private final LongAdder[][] bytes = new LongAdder[2][2];

  PageComparison() {
    for (int r = 0; r < 2; r++) {
      for (int rich = 0; rich < 2; rich++) {
        latency[r][rich] = new ConcurrentHistogram(3);
        bytes[r][rich] = new LongAdder();
      }
    }
  }

  /** A valid answer of {@code size} bytes after {@code micros}; {@code rich}: from a rich room. */
  void record(Request request, boolean rich, long micros, int size) {
    latency[request.ordinal()][rich ? 1 : 0].recordValue(Math.max(1, micros));
    bytes[request.ordinal()][rich ? 1 : 0].add(size);
  }

  /** Three rows per request: plain, rich, and rich ÷ plain. */
  RunResult.Table table() {
    List<List<String>> rows = new ArrayList<>();
    for (Request request : Request.values()) {
      String name = request.name().toLowerCase(Locale.ROOT);
      Histogram plain = latency[request.ordinal()][0];
      Histogram rich = latency[request.ordinal()][1];
      double plainBytes = perAnswer(bytes[request.ordinal()][0], plain);
      double richBytes = perAnswer(bytes[request.ordinal()][1], rich);
      rows.add(row(name + " plain", plain, plainBytes));
      rows.add(row(name + " rich", rich, richBytes));
      rows.add(
          List.of(
              "rich ÷ plain",
              "",
              ratio(rich.getValueAtPercentile(50), plain.getValueAtPercentile(50)),
              ratio(rich.getMean(), plain.getMean()),
              ratio(rich.getValueAtPercentile(99), plain.getValueAtPercentile(99)),
              ratio(richBytes, plainBytes)));
    }
    return new RunResult.Table(
        TITLE, List.of("answers", "count", "p50 ms", "avg ms", "p99 ms", "bytes"), rows);
  }

  private static List<String> row(String name, Histogram latency, double bytes) {
    return List.of(
        name,
        String.valueOf(latency.getTotalCount()),
        ms(latency.getValueAtPercentile(50)),
        ms(latency.getMean()),
        ms(latency.getValueAtPercentile(99)),
        String.format(Locale.ROOT, "%.0f", bytes));
  }

  private static double perAnswer(LongAdder total, Histogram answers) {
    return answers.getTotalCount() == 0 ? 0 : (double) total.sum() / answers.getTotalCount();
  }

  private static String ratio(double rich, double plain) {
    return plain <= 0 ? "-" : String.format(Locale.ROOT, "%.3f", rich / plain);
  }

  private static String ms(double micros) {
    return String.format(Locale.ROOT, "%.3f", micros / 1000);
  }
}
