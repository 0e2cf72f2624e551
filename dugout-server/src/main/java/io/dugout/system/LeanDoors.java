package io.dugout.system;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * The one metric of every lean door (hot reads, WebSocket handshakes): {@code
 * dugout.http.lean.requests{route,outcome}}, a route's requests {@code answered} by its door or
 * {@code passed} to the full chain.
 */
public final class LeanDoors {

  private LeanDoors() {}

  /** The counter of {@code route}'s requests with this {@code outcome}. */
  public static Counter requests(MeterRegistry meters, String route, String outcome) {
    return Counter.builder("dugout.http.lean.requests")
        .description(
            "requests of a hot route: answered by the lean door, or passed to the full chain")
        .tag("route", route)
        .tag("outcome", outcome)
        .register(meters);
  }
}
