package io.dugout.loadtest.scenario;

import io.dugout.loadtest.cli.Options;
import io.dugout.loadtest.cli.UsageException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code chat}: N users spread over R rooms, every user sending at a share of a fixed total rate
 * (or closed loop) for a duration. Measures echo and per-receiver delivery latency, sends/s and
 * deliveries/s. {@code --away} adds members to each room who never connect, each with an FCM device
 * registered, so that every message is a notification (and, on a server that pushes, a push) to
 * each of them.
 */
public final class ChatScenario implements Scenario {

  @Override
  public Outcome run(RunContext context) throws Exception {
    Options options = context.options();
    int users = options.integer("users");
    boolean direct = options.flag("direct");
    int rooms = Math.max(1, Math.min(options.integer("rooms"), users));
    if (users < 1) {
      throw new UsageException("--users must be at least 1");
    }
    if (direct && users != 2 * rooms) {
      throw new UsageException("--direct needs --users twice --rooms: two users a room");
    }
    List<String> userIds = Population.userIds("lt-user-", users);
    List<List<String>> members = new ArrayList<>();
    for (int r = 0; r < rooms; r++) {
      members.add(new ArrayList<>());
    }
    int[] roomOfUser = new int[users];
    for (int i = 0; i < users; i++) {
      roomOfUser[i] = i % rooms;
      members.get(i % rooms).add(userIds.get(i));
    }
    int away = options.integer("away");
    if (away < 0 || (away > 0 && direct)) {
      throw new UsageException("--away must be 0 or more, and 0 with --direct");
    }
    List<String> awayIds = Population.userIds("lt-away-", rooms * away);
    for (int i = 0; i < awayIds.size(); i++) {
      members.get(i / away).add(awayIds.get(i));
    }
    Population.fcmDevices(context, context.tokens().serviceToken(), awayIds);
    List<String> tokens = Population.tokens(context, userIds);
    List<String> roomIds =
        direct
            ? Population.directRooms(context, context.tokens().serviceToken(), members)
            : Population.rooms(context, context.tokens().serviceToken(), members);
    return LiveLoad.runWithComparison(
        context, LiveLoadPlans.plan(options, tokens, roomIds, roomOfUser, users));
  }
}
