package io.dugout.loadtest.scenario;

import io.dugout.loadtest.cli.Options;
import io.dugout.loadtest.cli.UsageException;
import java.util.List;

/**
 * {@code fanout}: one big room, every user subscribed, a few of them sending. Measures deliveries/s
 * and delivery latency at every subscriber.
 */
public final class FanoutScenario implements Scenario {

  @Override
  public Outcome run(RunContext context) throws Exception {
    Options options = context.options();
    int users = options.integer("users");
    int senders = Math.min(options.integer("senders"), users);
    if (users < 1 || senders < 1) {
      throw new UsageException("--users and --senders must be at least 1");
    }
    List<String> userIds = Population.userIds("lt-user-", users);
    List<String> tokens = Population.tokens(context, userIds);
    List<String> roomIds =
        Population.rooms(context, context.tokens().serviceToken(), List.of(userIds));
    return LiveLoad.runWithComparison(
        context, LiveLoadPlans.plan(options, tokens, roomIds, new int[users], senders));
  }
}
