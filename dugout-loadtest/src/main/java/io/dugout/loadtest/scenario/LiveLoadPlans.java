package io.dugout.loadtest.scenario;

import io.dugout.loadtest.cli.Options;
import io.dugout.loadtest.cli.UsageException;
import java.util.List;

/** Turns the shared options of {@code chat} and {@code fanout} into a {@link LiveLoad.Plan}. */
final class LiveLoadPlans {

  private LiveLoadPlans() {}

  static LiveLoad.Plan plan(
      Options options, List<String> tokens, List<String> roomIds, int[] roomOfUser, int senders) {
    boolean closedLoop = options.flag("closed-loop");
    double rate = options.decimal("rate");
    if (!closedLoop && rate <= 0) {
      throw new UsageException("--rate must be positive (or use --closed-loop)");
    }
    String centrifugo = options.string("centrifugo");
    if (centrifugo != null) {
      if (options.flag("floor")) {
        throw new UsageException("--floor and --centrifugo are two comparisons: give one of them");
      }
      if (!centrifugo.startsWith("ws://")) {
        throw new UsageException(
            "--centrifugo must be a ws:// URL, e.g. ws://localhost:8000/connection/websocket");
      }
    }
    return new LiveLoad.Plan(
        tokens,
        roomIds,
        roomOfUser,
        senders,
        rate,
        closedLoop,
        options.duration("duration"),
        options.duration("warm-up"),
        options.duration("ramp-up"),
        options.duration("drain"),
        Messages.content(options.integer("message-bytes")));
  }
}
