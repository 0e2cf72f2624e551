package io.dugout.loadtest.report;

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
    ServerFigures server) {

  /** A result without server-side figures (no {@code --scrape}). */
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
        null);
  }

  /** This result with the server's own figures beside the clients'. */
  public RunResult withServer(ServerFigures figures) {
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
        figures);
  }

  /** Error rate in percent of attempted operations. */
  public double errorPercent() {
    return counts.attempts() == 0 ? 0 : 100.0 * counts.errors() / counts.attempts();
  }

  /** Lost deliveries in percent of expected ones. */
  public double lostPercent() {
    return counts.expected() == 0 ? 0 : 100.0 * counts.lost() / counts.expected();
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
      long duplicates) {}

  /** The load generator's own CPU use during the measured window. */
  public record Generator(int availableProcessors, double cpuCores, double cpuSeconds) {}

  /** An extra table for the report, e.g. history latency by cursor depth. */
  public record Table(String title, List<String> columns, List<List<String>> rows) {}
}
