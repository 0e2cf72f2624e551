package io.dugout.loadtest.scenario;

import io.dugout.loadtest.api.TargetException;
import io.dugout.loadtest.stomp.LiveClient;
import io.dugout.loadtest.stomp.LiveSession;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One connect to every endpoint before the load starts, so a missing endpoint or a rejected token
 * fails fast and clearly.
 */
final class Preflight {

  private Preflight() {}

  /** Every node's STOMP endpoint. */
  static void stomp(RunContext context, String token) {
    check(context, context.stomp(), token);
  }

  /** Every endpoint of the live scenarios' client: Dugout's nodes, or the peer's. */
  static void live(RunContext context, String token) {
    check(context, context.live(), token);
  }

  private static void check(RunContext context, LiveClient client, String token) {
    for (int endpoint = 0; endpoint < client.endpointCount(); endpoint++) {
      check(context, client, endpoint, token);
    }
  }

  private static void check(RunContext context, LiveClient client, int user, String token) {
    String endpoint = client.endpoint(user);
    try {
      LiveSession session =
          client
              .connect(user, token, delivery -> {})
              .get(context.timeout().toMillis(), TimeUnit.MILLISECONDS);
      session.disconnect();
    } catch (ExecutionException ex) {
      throw new TargetException(
          "connect to " + endpoint + " failed: " + ex.getCause().getMessage(), ex.getCause());
    } catch (TimeoutException ex) {
      throw new TargetException(
          "connect to "
              + endpoint
              + " got no answer within "
              + context.timeout().toMillis()
              + " ms");
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
      throw new TargetException("interrupted");
    }
  }
}
