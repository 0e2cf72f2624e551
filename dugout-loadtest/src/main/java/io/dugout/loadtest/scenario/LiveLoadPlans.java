package io.dugout.loadtest.scenario;

import io.dugout.loadtest.cli.Options;
import io.dugout.loadtest.cli.UsageException;
import java.util.List;

/** Turns the shared options of {@code chat} and {@code fanout} into a {@link LivePlan}. */
final class LiveLoadPlans {

  private LiveLoadPlans() {}

  static LivePlan plan(
      Options options, List<String> tokens, List<String> roomIds, int[] roomOfUser, int senders) {
    boolean closedLoop = options.flag("closed-loop");
    double rate = options.decimal("rate");
    if (!closedLoop && rate <= 0) {
      throw new UsageException("--rate must be positive (or use --closed-loop)");
    }
    SendMix.Shares shares = shares(options);
    String centrifugo = options.string("centrifugo");
    if (centrifugo != null && shares.any()) {
      throw new UsageException(
          "--centrifugo compares messages only: Centrifugo has no edits or reactions (leave"
              + " --edit-share and --react-share at 0)");
    }
    if (centrifugo != null) {
      if (options.flag("floor")) {
        throw new UsageException("--floor and --centrifugo are two comparisons: give one of them");
      }
      if (!centrifugo.startsWith("ws://")) {
        throw new UsageException(
            "--centrifugo must be a ws:// URL, e.g. ws://localhost:8000/connection/websocket");
      }
    }
    return new LivePlan(
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
        Messages.content(options.integer("message-bytes")),
        shares);
  }

  private static SendMix.Shares shares(Options options) {
    double edits = options.decimal("edit-share");
    double reactions = options.decimal("react-share");
    if (edits < 0 || reactions < 0 || edits + reactions > 1) {
      throw new UsageException(
          "--edit-share and --react-share are fractions from 0 to 1 that add up to at most 1");
    }
    return new SendMix.Shares(edits, reactions);
  }
}
