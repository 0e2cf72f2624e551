package io.dugout.loadtest.scenario;

import io.dugout.loadtest.report.RunResult;
import java.util.List;

/**
 * One load-test scenario. {@link #run} sets up users and rooms (not measured), calls {@code
 * metrics.startMeasuring()} and {@code stopMeasuring()} around the measured part, and returns the
 * extra tables and notes of its report.
 */
public interface Scenario {

  Outcome run(RunContext context) throws Exception;

  /** What a scenario adds to the common report. */
  record Outcome(List<RunResult.Table> tables, List<String> notes) {

    public static Outcome of(List<String> notes) {
      return new Outcome(List.of(), notes);
    }
  }
}
