package io.dugout.loadtest.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * Everything one run counts and measures. Counters are updated from I/O and virtual threads; {@link
 * #tick()} is called once a second by the progress display.
 */
public final class Metrics {

  /** Operations attempted (sends, transactions or requests): the denominator of the error rate. */
  public final LongAdder attempts = new LongAdder();

  /** Messages written to the server (or requests answered, for HTTP scenarios). */
  public final LongAdder sent = new LongAdder();

  /** Deliveries that arrived and were counted against {@link #expected}. */
  public final LongAdder received = new LongAdder();

  /** Deliveries the server owes us, counted from the subscribers of each room at send time. */
  public final LongAdder expected = new LongAdder();

  public final LongAdder errors = new LongAdder();

  /** Deliveries that arrived twice or out of seq order: reported, never counted as received. */
  public final LongAdder duplicates = new LongAdder();

  public final AtomicInteger connections = new AtomicInteger();

  private final Map<String, LatencySeries> series = new LinkedHashMap<>();

  private final Map<String, LongAdder> errorKinds = new ConcurrentHashMap<>();

  private final List<TimelinePoint> timeline = Collections.synchronizedList(new ArrayList<>());

  private final Map<String, Double> windows = new ConcurrentHashMap<>();

  private final CpuMeter cpu = new CpuMeter();

  private volatile long measureStartNanos = -1;

  private long measureStartCpu;

  private long measureEndNanos = -1;

  private long measureEndCpu;

  private long lastTickNanos;

  private long lastTickCpu;

  private long lastSent;

  private long lastReceived;

  private long lastErrors;

  private final long createdNanos = System.nanoTime();

  /** Declares a latency series; call before the run starts, in the order the report shows them. */
  public synchronized LatencySeries series(String name) {
    return series.computeIfAbsent(name, LatencySeries::new);
  }

  /** Counts one error, remembering its kind (a short message) for the report. */
  public void error(String kind) {
    errors.increment();
    errorKinds
        .computeIfAbsent(
            kind.length() > 160 ? kind.substring(0, 160) : kind, key -> new LongAdder())
        .increment();
  }

  /**
   * Rates of {@code series} are per second of this window, for series measured in one phase of a
   * run.
   */
  public void window(String series, double seconds) {
    windows.put(series, seconds);
  }

  /** Starts the measured window: what was counted during setup is discarded. */
  public synchronized void startMeasuring() {
    for (LongAdder adder : List.of(attempts, sent, received, expected, errors, duplicates)) {
      adder.reset();
    }
    errorKinds.clear();
    series.values().forEach(LatencySeries::reset);
    timeline.clear();
    measureStartNanos = System.nanoTime();
    measureStartCpu = cpu.processCpuNanos();
    lastTickNanos = measureStartNanos;
    lastTickCpu = measureStartCpu;
    lastSent = 0;
    lastReceived = 0;
    lastErrors = 0;
  }

  /** Ends the measured window; later ticks still update the display but not the timeline. */
  public synchronized void stopMeasuring() {
    if (measureEndNanos < 0 && measureStartNanos >= 0) {
      tick();
      measureEndNanos = System.nanoTime();
      measureEndCpu = cpu.processCpuNanos();
    }
  }

  public boolean measuring() {
    return measureStartNanos >= 0 && measureEndNanos < 0;
  }

  /** Takes one timeline point (when measuring) and returns it for the progress line. */
  synchronized TimelinePoint tick() {
    long now = System.nanoTime();
    long cpuNow = cpu.processCpuNanos();
    double seconds = Math.max(1e-9, (now - lastTickNanos) / 1e9);
    long sentNow = sent.sum();
    long receivedNow = received.sum();
    long errorsNow = errors.sum();
    Map<String, SeriesSummary> points = new LinkedHashMap<>();
    boolean measuring = measuring();
    for (LatencySeries each : series.values()) {
      Histogram interval = measuring ? each.takeInterval() : null;
      if (interval != null && interval.getTotalCount() > 0) {
        points.put(each.name(), SeriesSummary.of(interval, seconds));
      }
    }
    double elapsed = (now - (measureStartNanos >= 0 ? measureStartNanos : createdNanos)) / 1e9;
    TimelinePoint point =
        new TimelinePoint(
            elapsed,
            connections.get(),
            sentNow,
            receivedNow,
            errorsNow,
            (sentNow - lastSent) / seconds,
            (receivedNow - lastReceived) / seconds,
            (errorsNow - lastErrors) / seconds,
            (cpuNow - lastTickCpu) / 1e9 / seconds,
            points);
    lastTickNanos = now;
    lastTickCpu = cpuNow;
    lastSent = sentNow;
    lastReceived = receivedNow;
    lastErrors = errorsNow;
    if (measuring && now > measureStartNanos) {
      timeline.add(point);
    }
    return point;
  }

  /** Freezes the run into a result; call after {@link #stopMeasuring()}. */
  public synchronized RunResult result(
      String scenario,
      Map<String, String> options,
      List<RunResult.Table> extraTables,
      List<String> notes) {
    double seconds = Math.max(1e-9, (measureEndNanos - measureStartNanos) / 1e9);
    double cpuCores = (measureEndCpu - measureStartCpu) / 1e9 / seconds;
    Map<String, SeriesSummary> summaries = new LinkedHashMap<>();
    Map<String, List<double[]>> distributions = new LinkedHashMap<>();
    for (LatencySeries each : series.values()) {
      Histogram total = each.total();
      summaries.put(
          each.name(), SeriesSummary.of(total, windows.getOrDefault(each.name(), seconds)));
      distributions.put(each.name(), SeriesSummary.distribution(total));
    }
    Map<String, Long> kinds = new LinkedHashMap<>();
    errorKinds.entrySet().stream()
        .sorted((a, b) -> Long.compare(b.getValue().sum(), a.getValue().sum()))
        .limit(20)
        .forEach(entry -> kinds.put(entry.getKey(), entry.getValue().sum()));
    long expectedCount = expected.sum();
    long receivedCount = received.sum();
    RunResult.Counts counts =
        new RunResult.Counts(
            attempts.sum(),
            sent.sum(),
            expectedCount,
            receivedCount,
            Math.max(0, expectedCount - receivedCount),
            errors.sum(),
            duplicates.sum());
    return new RunResult(
        scenario,
        java.time.Instant.now().toString(),
        options,
        seconds,
        counts,
        summaries,
        distributions,
        List.copyOf(timeline),
        extraTables,
        kinds,
        new RunResult.Generator(
            Runtime.getRuntime().availableProcessors(),
            cpuCores,
            (measureEndCpu - measureStartCpu) / 1e9),
        notes);
  }
}
