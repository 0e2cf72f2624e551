package io.dugout.loadtest.scenario;

import io.dugout.loadtest.report.RunResult;
import io.dugout.loadtest.stomp.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * A live run's counted sends and deliveries by the type of entry, with the delivery latency of
 * each: what a load that mixes changes in among messages reports beside its totals. Counted under
 * the same rule as the run's own {@code sent} and {@code received}, so each column adds up to them.
 * Thread-safe.
 */
final class EntryCounts {

  private static final EntryType[] TYPES = EntryType.values();

  private final LongAdder[] sent = adders();

  private final LongAdder[] delivered = adders();

  private final Histogram[] latency = new Histogram[TYPES.length];

  EntryCounts() {
    for (int i = 0; i < latency.length; i++) {
      latency[i] = new ConcurrentHistogram(3);
    }
  }

  void countSent(EntryType type) {
    sent[type.ordinal()].increment();
  }

  void countDelivered(EntryType type, long micros) {
    delivered[type.ordinal()].increment();
    latency[type.ordinal()].recordValue(Math.max(1, micros));
  }

  long sent(EntryType type) {
    return sent[type.ordinal()].sum();
  }

  long delivered(EntryType type) {
    return delivered[type.ordinal()].sum();
  }

  /** One row per type that was sent or delivered. */
  RunResult.Table table() {
    long total = 0;
    for (LongAdder each : sent) {
      total += each.sum();
    }
    List<List<String>> rows = new ArrayList<>();
    for (EntryType type : TYPES) {
      long sends = sent(type);
      long deliveries = delivered(type);
      if (sends == 0 && deliveries == 0) {
        continue;
      }
      Histogram h = latency[type.ordinal()];
      rows.add(
          List.of(
              type == EntryType.OTHER ? "other" : type.wireName(),
              String.valueOf(sends),
              String.format(Locale.ROOT, "%.1f", total == 0 ? 0 : 100.0 * sends / total),
              String.valueOf(deliveries),
              ms(h.getValueAtPercentile(50)),
              ms(h.getValueAtPercentile(99)),
              ms(h.getMaxValue())));
    }
    return new RunResult.Table(
        "entries by type (sent = sends counted, deliveries = at every receiver)",
        List.of("type", "sent", "% of sent", "deliveries", "p50 ms", "p99 ms", "max ms"),
        rows);
  }

  private static String ms(double micros) {
    return String.format(Locale.ROOT, "%.3f", micros / 1000);
  }

  private static LongAdder[] adders() {
    LongAdder[] adders = new LongAdder[TYPES.length];
    for (int i = 0; i < adders.length; i++) {
      adders[i] = new LongAdder();
    }
    return adders;
  }
}
