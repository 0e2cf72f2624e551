package io.dugout.fastpath;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationProperties;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;

/**
 * What every fast-path filter (hot reads, WebSocket handshakes) shares: where it stands among the
 * servlet filters, and its meters.
 *
 * <p>The fast-path filters stand at {@link #ORDER}: behind the access log, the character encoding
 * and the request-shape filters ({@link ContentTypeFilter}, {@link RequestSizeFilter}), in front of
 * the HTTP observation ({@link HttpObservation}), the request-context filter and Spring Security. A
 * profile of history reads had the observation alone at a sixth of the server's CPU, most of it
 * creating and looking up meters per request; a fast-path filter times what it answers with a meter
 * it looked up once instead, into the very series the observation fills ({@code
 * http.server.requests} with the same tags), and what it passes on is observed as before.
 *
 * <p>Each route also counts its requests {@code answered} by the fast path or {@code passed} to the
 * full chain: {@code dugout.http.lean.requests{route,outcome}}.
 */
@Component
public class FastPathMetrics {

  /** Their place among the servlet filters. */
  public static final int ORDER = Ordered.HIGHEST_PRECEDENCE + 2;

  private final MeterRegistry meters;
  private final String timerName;

  public FastPathMetrics(MeterRegistry meters, ObservationProperties observations) {
    this.meters = meters;
    this.timerName = observations.getHttp().getServer().getRequests().getName();
  }

  /** The meters of one route the fast path answers. */
  public Route route(String method, String template) {
    return new Route(method, template);
  }

  /** One route's counters, and its timers by status, each looked up once. */
  public final class Route {

    private final String method;
    private final String template;
    private final Counter answered;
    private final Counter passed;
    private final ConcurrentHashMap<Integer, Timer> timers = new ConcurrentHashMap<>();

    private Route(String method, String template) {
      this.method = method;
      this.template = template;
      this.answered = counter("answered");
      this.passed = counter("passed");
    }

    /** The fast path answered a request it began at {@code startNanos} with {@code status}. */
    public void answered(int status, long startNanos) {
      answered.increment();
      timers
          .computeIfAbsent(status, this::timer)
          .record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
    }

    /** The fast path passed a request on to the full chain, which observes it. */
    public void passed() {
      passed.increment();
    }

    private Counter counter(String outcome) {
      return Counter.builder("dugout.http.lean.requests")
          .description(
              "requests of a hot route: answered by the fast path, or passed to the full chain")
          .tag("route", template)
          .tag("outcome", outcome)
          .register(meters);
    }

    /** The tags Spring's HTTP server observation gives a request that threw nothing. */
    private Timer timer(int status) {
      return Timer.builder(timerName)
          .tag("error", "none")
          .tag("exception", "none")
          .tag("method", method)
          .tag("outcome", outcome(status))
          .tag("status", Integer.toString(status))
          .tag("uri", template)
          .register(meters);
    }
  }

  private static String outcome(int status) {
    return switch (status / 100) {
      case 1 -> "INFORMATIONAL";
      case 2 -> "SUCCESS";
      case 3 -> "REDIRECTION";
      case 4 -> "CLIENT_ERROR";
      case 5 -> "SERVER_ERROR";
      default -> "UNKNOWN";
    };
  }
}
