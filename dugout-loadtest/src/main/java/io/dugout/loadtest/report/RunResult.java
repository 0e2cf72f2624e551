package io.dugout.loadtest.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The frozen outcome of one run: what the JSON file holds and what the summary table and the HTML
 * report are drawn from.
 */
public record RunResult(
    String scenario,
    String finishedAt,
    Map<String, String> options,
    double measuredSeconds,
    Counts counts,
    Map<String, SeriesSummary> latency,
    Map<String, List<double[]>> distributions,
    List<TimelinePoint> timeline,
    List<Table> tables,
    Map<String, Long> errorKinds,
    Generator generator,
    List<String> notes,
    ServerFigures server,
    FloorFigures floor) {

  /** A result without server-side figures (no {@code --scrape}) and without a floor run. */
  public RunResult(
      String scenario,
      String finishedAt,
      Map<String, String> options,
      double measuredSeconds,
      Counts counts,
      Map<String, SeriesSummary> latency,
      Map<String, List<double[]>> distributions,
      List<TimelinePoint> timeline,
      List<Table> tables,
      Map<String, Long> errorKinds,
      Generator generator,
      List<String> notes) {
    this(
        scenario,
        finishedAt,
        options,
        measuredSeconds,
        counts,
        latency,
        distributions,
        timeline,
        tables,
        errorKinds,
        generator,
        notes,
        null,
        null);
  }

  /** This result with the server's own figures beside the clients'. */
  public RunResult withServer(ServerFigures figures) {
    return with(latency, distributions, figures, floor);
  }

  /**
   * This result with the run of the same load against the floor or a peer ({@code against}): its
   * series join {@code latency} (and {@code distributions}) as {@code <series>-floor}, its counters
   * and the ratios go to {@code floor}.
   */
  public RunResult withFloor(String against, RunResult floorRun) {
    Map<String, SeriesSummary> allLatency = new LinkedHashMap<>(latency);
    Map<String, List<double[]>> allDistributions = new LinkedHashMap<>(distributions);
    floorRun
        .latency()
        .forEach((name, summary) -> allLatency.put(name + FloorFigures.SUFFIX, summary));
    floorRun
        .distributions()
        .forEach((name, points) -> allDistributions.put(name + FloorFigures.SUFFIX, points));
    return with(allLatency, allDistributions, server, FloorFigures.of(against, this, floorRun));
  }

  private RunResult with(
      Map<String, SeriesSummary> latency,
      Map<String, List<double[]>> distributions,
      ServerFigures server,
      FloorFigures floor) {
    return new RunResult(
        scenario,
        finishedAt,
        options,
        measuredSeconds,
        counts,
        latency,
        distributions,
        timeline,
        tables,
        errorKinds,
        generator,
        notes,
        server,
        floor);
  }

  /** Error rate in percent of attempted operations. */
  public double errorPercent() {
    return counts.errorPercent();
  }

  /** Lost deliveries in percent of expected ones. */
  public double lostPercent() {
    return counts.lostPercent();
  }

  /**
   * Counters of the measured window. {@code expected = received + lost} always holds; {@code
   * duplicates} are extra deliveries that were not counted as received.
   */
  public record Counts(
      long attempts,
      long sent,
      long expected,
      long received,
      long lost,
      long errors,
      long duplicates) {

    /** Error rate in percent of attempted operations. */
    public double errorPercent() {
      return attempts == 0 ? 0 : 100.0 * errors / attempts;
    }

    /** Lost deliveries in percent of expected ones. */
    public double lostPercent() {
      return expected == 0 ? 0 : 100.0 * lost / expected;
    }
  }

  /** The load generator's own CPU use during the measured window. */
  public record Generator(int availableProcessors, double cpuCores, double cpuSeconds) {}

  /** An extra table for the report, e.g. history latency by cursor depth. */
  public record Table(String title, List<String> columns, List<List<String>> rows) {}
}
