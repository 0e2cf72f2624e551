package io.dugout.loadtest.scenario;

import java.time.Duration;
import java.util.List;

/**
 * What a {@link LiveLoad} runs.
 *
 * @param roomOfUser index into {@code roomIds} for each user
 * @param senders the first this many users send
 * @param rate total sends per second across senders (open loop)
 * @param shares the shares of each sender's sends that are edits and reactions
 */
record LivePlan(
    List<String> tokens,
    List<String> roomIds,
    int[] roomOfUser,
    int senders,
    double rate,
    boolean closedLoop,
    Duration duration,
    Duration warmUp,
    Duration rampUp,
    Duration drain,
    String content,
    SendMix.Shares shares) {

  /**
   * The same load sent for {@code sending} in all, for the generator's warm-up. Like the run, it
   * begins unmeasured (for the run's warm-up, at most half of {@code sending}) and then measures:
   * the generator's receive path meets the start of a measured window there, where the JIT
   * recompiles it for sends that now count, and not in the first seconds measured against the
   * server.
   */
  LivePlan sendingFor(Duration sending) {
    Duration half = sending.dividedBy(2);
    Duration unmeasured = warmUp.compareTo(half) < 0 ? warmUp : half;
    return new LivePlan(
        tokens,
        roomIds,
        roomOfUser,
        senders,
        rate,
        closedLoop,
        sending.minus(unmeasured),
        unmeasured,
        rampUp,
        drain,
        content,
        shares);
  }
}
