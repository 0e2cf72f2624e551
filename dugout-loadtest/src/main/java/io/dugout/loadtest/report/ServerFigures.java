package io.dugout.loadtest.report;

import java.util.List;

/**
 * What the server reported about itself during the run (set-up and ramp-up included), from its
 * {@code /actuator/prometheus}: the server's view beside the clients'. NaN where the server exposed
 * nothing to compute a figure from.
 *
 * @param scrapeUrl where the figures came from
 * @param scrapes how many scrapes succeeded
 * @param failedScrapes how many scrapes failed (unreachable, refused token)
 * @param cpuCores the server process's CPU, average in cores
 * @param deliveriesPerSecond MESSAGE frames the server wrote to sockets per second
 * @param appendedPerSecond messages the server stored per second
 * @param deliveryP50Ms median stored-to-socket latency as the server sampled it
 * @param deliveryP99Ms 99th percentile of the same
 * @param gcPauseSeconds total time in GC pauses during the run
 * @param gcPauseMaxMs longest GC pause the server reported
 * @param queueDepthMax the deepest outbound queue of any session in any sample
 * @param timeline one point per scrape interval
 */
public record ServerFigures(
    String scrapeUrl,
    int scrapes,
    int failedScrapes,
    double cpuCores,
    double deliveriesPerSecond,
    double appendedPerSecond,
    double deliveryP50Ms,
    double deliveryP99Ms,
    double gcPauseSeconds,
    double gcPauseMaxMs,
    double queueDepthMax,
    List<Point> timeline) {

  /** The server over one scrape interval, at {@code elapsedSeconds} since the first scrape. */
  public record Point(
      double elapsedSeconds,
      double cpuCores,
      double deliveriesPerSecond,
      double deliveryP99Ms,
      double gcPauseMsPerSecond,
      double queueDepthMax) {}
}
