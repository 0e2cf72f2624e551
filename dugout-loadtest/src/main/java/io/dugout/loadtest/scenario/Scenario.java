package io.dugout.loadtest.scenario;

import io.dugout.loadtest.report.FloorFigures;
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
   * @param floor the metrics of the same load run against the floor ({@code --floor}) or a peer
   *     ({@code --centrifugo}), else null
   * @param against what {@code floor} ran against: {@code floor} or {@code centrifugo}
   */
  record Outcome(List<RunResult.Table> tables, List<String> notes, Metrics floor, String against) {

    public Outcome(List<RunResult.Table> tables, List<String> notes) {
      this(tables, notes, null, null);
    }

    public static Outcome of(List<String> notes) {
      return new Outcome(List.of(), notes);
    }

    /** This outcome with the floor run's metrics and a note on it. */
    public Outcome withFloor(Metrics floorMetrics, String note) {
      return against(FloorFigures.FLOOR, floorMetrics, note);
    }

    /** This outcome with the metrics of the same load run against {@code peer}, and a note. */
    public Outcome against(String peer, Metrics peerMetrics, String note) {
      List<String> all = new ArrayList<>(notes);
      all.add(note);
      return new Outcome(tables, all, peerMetrics, peer);
    }
  }
}
