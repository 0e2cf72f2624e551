package io.dugout.loadtest.scenario;

import io.dugout.loadtest.api.TargetException;
import io.dugout.loadtest.stomp.StompSession;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One STOMP CONNECT to every node before the load starts, so a missing endpoint or a rejected token
 * fails fast and clearly.
 */
final class Preflight {

  private Preflight() {}

  static void stomp(RunContext context, String token) {
    for (int node = 0; node < context.nodes().size(); node++) {
      stomp(context, node, token);
    }
  }

  private static void stomp(RunContext context, int node, String token) {
    String endpoint = context.stomp().endpointOf(node).toString();
    try {
      StompSession session =
          context
              .stomp()
              .connect(node, token, delivery -> {})
              .get(context.timeout().toMillis(), TimeUnit.MILLISECONDS);
      session.disconnect();
    } catch (ExecutionException ex) {
      throw new TargetException(
          "STOMP CONNECT to " + endpoint + " failed: " + ex.getCause().getMessage(), ex.getCause());
    } catch (TimeoutException ex) {
      throw new TargetException(
          "STOMP CONNECT to "
              + endpoint
              + " got no CONNECTED within "
              + context.timeout().toMillis()
              + " ms");
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
      throw new TargetException("interrupted");
    }
  }
}
