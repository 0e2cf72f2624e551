package io.dugout.realtime;

import io.dugout.system.LeanDoors;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.HttpHeaders;
import org.springframework.web.HttpRequestHandler;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.filter.ServerHttpObservationFilter;
import org.springframework.web.servlet.HandlerMapping;

/**
 * The lean door for WebSocket handshakes: a {@code GET /ws} asking to upgrade to WebSocket goes
 * straight to the endpoint's handshake handler, the very one MVC dispatch would pick, without
 * Spring Security's (already ignoring) filter chain and the {@code DispatcherServlet}, which were
 * about two fifths of the handshake's HTTP work in a profile of the seeds' {@code send} flow. The
 * handshake carries no credentials (STOMP authenticates on CONNECT), and the handler keeps every
 * check of its own (method, {@code Upgrade}, version, key, origin, sub-protocol), answering a
 * failed one itself as it always does.
 *
 * <p>Any other request to {@code /ws} goes on through the full chain, untouched. The path must be
 * exactly {@code /ws}, so nothing the security firewall would look at in a path reaches the handler
 * this way. Handshakes it passed to the handler are counted in {@code
 * dugout.http.lean.requests{route="/ws",outcome="answered"}}, the rest as {@code passed}.
 */
final class HandshakeDoor extends OncePerRequestFilter {

  static final String PATH = "/ws";

  private final HttpRequestHandler handshakes;
  private final Counter answered;
  private final Counter passed;

  HandshakeDoor(HttpRequestHandler handshakes, MeterRegistry meters) {
    this.handshakes = handshakes;
    this.answered = LeanDoors.requests(meters, PATH, "answered");
    this.passed = LeanDoors.requests(meters, PATH, "passed");
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return request.getDispatcherType() != DispatcherType.REQUEST
        || !PATH.equals(request.getRequestURI());
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    if (!isUpgrade(request)) {
      passed.increment();
      chain.doFilter(request, response);
      return;
    }
    answered.increment();
    request.setAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE, PATH);
    ServerHttpObservationFilter.findObservationContext(request)
        .ifPresent(context -> context.setPathPattern(PATH));
    handshakes.handleRequest(request, response);
  }

  private static boolean isUpgrade(HttpServletRequest request) {
    return "GET".equals(request.getMethod())
        && "websocket".equalsIgnoreCase(request.getHeader(HttpHeaders.UPGRADE));
  }
}
