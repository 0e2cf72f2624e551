package io.dugout.loadtest.scenario;

import io.dugout.loadtest.report.Metrics;
import io.dugout.loadtest.report.RunResult;
import java.util.ArrayList;
import java.util.List;

/**
 * One load-test scenario. {@link #run} sets up users and rooms (not measured), calls {@code
 * metrics.startMeasuring()} and {@code stopMeasuring()} around the measured part, and returns the
 * extra tables and notes of its report.
 */
public interface Scenario {

  Outcome run(RunContext context) throws Exception;

  /**
   * What a scenario adds to the common report.
   *
   * @param floor the metrics of the same load run against the floor ({@code --floor}), else null
   */
  record Outcome(List<RunResult.Table> tables, List<String> notes, Metrics floor) {

    public Outcome(List<RunResult.Table> tables, List<String> notes) {
      this(tables, notes, null);
    }

    public static Outcome of(List<String> notes) {
      return new Outcome(List.of(), notes);
    }

    /** This outcome with the floor run's metrics and a note on it. */
    public Outcome withFloor(Metrics floorMetrics, String note) {
      List<String> all = new ArrayList<>(notes);
      all.add(note);
      return new Outcome(tables, all, floorMetrics);
    }
  }
}
