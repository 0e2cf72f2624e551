package io.dugout.loadtest.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The aggregate table printed at the end of a run, in the spirit of JMeter's aggregate report. */
public final class SummaryTable {

  private SummaryTable() {}

  public static String render(RunResult result) {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "%n%s — %.1f s measured%n%n",
            result.scenario(),
            result.measuredSeconds()));
    out.append(
        String.format(
            Locale.ROOT,
            "%-14s %10s %9s %9s %9s %9s %9s %9s %11s%n",
            "latency (ms)",
            "samples",
            "avg",
            "p50",
            "p95",
            "p99",
            "p99.9",
            "max",
            "per second"));
    for (Map.Entry<String, SeriesSummary> entry : result.latency().entrySet()) {
      SeriesSummary s = entry.getValue();
      out.append(
          String.format(
              Locale.ROOT,
              "%-14s %10d %9.3f %9.3f %9.3f %9.3f %9.3f %9.3f %11.1f%n",
              entry.getKey(),
              s.samples(),
              s.avgMs(),
              s.p50Ms(),
              s.p95Ms(),
              s.p99Ms(),
              s.p999Ms(),
              s.maxMs(),
              s.perSecond()));
    }
    RunResult.Counts c = result.counts();
    out.append(
        String.format(
            Locale.ROOT,
            "%nattempts %d  sent %d  expected %d  received %d  lost %d (%.3f %%)  errors %d (%.3f"
                + " %%)  duplicates %d%n",
            c.attempts(),
            c.sent(),
            c.expected(),
            c.received(),
            c.lost(),
            result.lostPercent(),
            c.errors(),
            result.errorPercent(),
            c.duplicates()));
    out.append(
        String.format(
            Locale.ROOT,
            "throughput: %.1f sent/s, %.1f received/s%n",
            c.sent() / result.measuredSeconds(),
            c.received() / result.measuredSeconds()));
    RunResult.Generator g = result.generator();
    out.append(
        String.format(
            Locale.ROOT,
            "generator CPU: %.2f of %d cores (%.1f cpu-s)%n",
            g.cpuCores(),
            g.availableProcessors(),
            g.cpuSeconds()));
    ServerFigures s = result.server();
    if (s != null) {
      out.append(
          String.format(
              Locale.ROOT,
              "server (%d scrapes, %d failed): CPU %.2f cores, %.1f deliveries/s, %.1f appended/s,"
                  + " delivery p50 %.3f ms p99 %.3f ms, GC pauses %.3f s (longest %.1f ms),"
                  + " deepest queue %.0f frames%n",
              s.scrapes(),
              s.failedScrapes(),
              s.cpuCores(),
              s.deliveriesPerSecond(),
              s.appendedPerSecond(),
              s.deliveryP50Ms(),
              s.deliveryP99Ms(),
              s.gcPauseSeconds(),
              s.gcPauseMaxMs(),
              s.queueDepthMax()));
    }
    FloorFigures floor = result.floor();
    if (floor != null) {
      floor(out, floor);
    }
    for (RunResult.Table table : result.tables()) {
      out.append('\n').append(table.title()).append('\n');
      out.append(row(table.columns()));
      table.rows().forEach(row -> out.append(row(row)));
    }
    if (!result.errorKinds().isEmpty()) {
      out.append("\nerrors by kind:\n");
      result
          .errorKinds()
          .forEach(
              (kind, count) -> out.append(String.format(Locale.ROOT, "  %8d  %s%n", count, kind)));
    }
    result.notes().forEach(note -> out.append("note: ").append(note).append('\n'));
    return out.toString();
  }

  private static void floor(StringBuilder out, FloorFigures floor) {
    RunResult.Counts c = floor.counts();
    boolean floorServer = FloorFigures.FLOOR.equals(floor.against());
    out.append(
        String.format(
            Locale.ROOT,
            (floorServer
                    ? "floor (the same load against a minimal server in this JVM;"
                    : floor.against() + " (the same load against " + floor.against() + ";")
                + " its series end in -floor): %.1f s measured, sent %d, received %d, lost %d (%.3f %%), errors %d (%.3f %%),"
                + " generator CPU %.2f cores%n",
            floor.measuredSeconds(),
            c.sent(),
            c.received(),
            c.lost(),
            c.lostPercent(),
            c.errors(),
            c.errorPercent(),
            floor.generator().cpuCores()));
    out.append("Dugout / ").append(floor.against()).append(", per second:");
    floor
        .ratios()
        .forEach(
            (name, ratio) ->
                out.append(
                    String.format(
                        Locale.ROOT,
                        "  %s %.1f / %.1f = %.3f",
                        name,
                        ratio.dugoutPerSecond(),
                        ratio.floorPerSecond(),
                        ratio.ratio())));
    out.append('\n');
    floor
        .errorKinds()
        .forEach(
            (kind, count) ->
                out.append(
                    String.format(
                        Locale.ROOT, "  %s error %8d  %s%n", floor.against(), count, kind)));
  }

  private static String row(List<String> cells) {
    StringBuilder line = new StringBuilder();
    for (String cell : cells) {
      line.append(String.format(Locale.ROOT, "%14s", cell));
    }
    return line.append('\n').toString();
  }
}
