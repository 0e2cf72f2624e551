package io.dugout.loadtest.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The same load, from the same clients, against the floor (a minimal server inside the generator
 * that does next to no work) or a peer (Centrifugo), measured in the same run right after Dugout;
 * and Dugout's rates as a ratio of the floor's. Against the floor, a ratio near 1 means the
 * generator and the box, not Dugout, set the limit; 0.1 means Dugout reached a tenth of what this
 * machine can drive with these clients. Against a peer, 1 means as fast as the peer. The floor's
 * latency series are in the run's {@code latency} under {@code <series>-floor}.
 *
 * @param against {@value #FLOOR}, or the peer's name ({@value #CENTRIFUGO})
 * @param measuredSeconds the floor run's measured window
 * @param counts the floor run's counters (its own: Dugout's are the run's {@code counts})
 * @param errorKinds the floor run's errors by kind
 * @param generator the generator's CPU during the floor run (the floor server's included)
 * @param ratios by series name, and {@code sent} for everything sent per second
 * @param timeline the floor run's points, one per second of its measured window, as the run's own
 *     {@code timeline} has Dugout's: a second that held a stall shows on either side
 */
public record FloorFigures(
    String against,
    double measuredSeconds,
    RunResult.Counts counts,
    Map<String, Long> errorKinds,
    RunResult.Generator generator,
    Map<String, Ratio> ratios,
    List<TimelinePoint> timeline) {

  /** What {@code against} says for the load tester's own minimal server. */
  public static final String FLOOR = "floor";

  /** What {@code against} says for a Centrifugo server. */
  public static final String CENTRIFUGO = "centrifugo";

  /** The suffix of a floor series' name in the run's {@code latency}. */
  public static final String SUFFIX = "-floor";

  /** Name of the ratio of everything sent per second. */
  public static final String SENT = "sent";

  /** Dugout's rate, the floor's, and Dugout's as a fraction of the floor's. */
  public record Ratio(double dugoutPerSecond, double floorPerSecond, double ratio) {

    static Ratio of(double dugoutPerSecond, double floorPerSecond) {
      return new Ratio(
          dugoutPerSecond,
          floorPerSecond,
          floorPerSecond > 0 ? dugoutPerSecond / floorPerSecond : Double.NaN);
    }
  }

  /** Compares the run against Dugout with the run of the same load against {@code against}. */
  static FloorFigures of(String against, RunResult dugout, RunResult floor) {
    Map<String, Ratio> ratios = new LinkedHashMap<>();
    ratios.put(
        SENT,
        Ratio.of(
            dugout.counts().sent() / Math.max(1e-9, dugout.measuredSeconds()),
            floor.counts().sent() / Math.max(1e-9, floor.measuredSeconds())));
    floor
        .latency()
        .forEach(
            (name, summary) -> {
              SeriesSummary ours = dugout.latency().get(name);
              if (ours != null) {
                ratios.put(name, Ratio.of(ours.perSecond(), summary.perSecond()));
              }
            });
    return new FloorFigures(
        against,
        floor.measuredSeconds(),
        floor.counts(),
        floor.errorKinds(),
        floor.generator(),
        ratios,
        floor.timeline());
  }
}
