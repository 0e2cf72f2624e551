package io.dugout.transport.tomcat;

import io.dugout.fastpath.FastPathMetrics;
import io.dugout.realtime.StompEndpoint;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import org.springframework.http.HttpHeaders;
import org.springframework.web.HttpRequestHandler;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.HandlerMapping;

/**
 * The fast path for WebSocket handshakes: a {@code GET /ws} asking to upgrade to WebSocket goes
 * straight to the endpoint's handshake handler, the very one MVC dispatch would pick, without
 * Spring Security's (already ignoring) filter chain and the {@code DispatcherServlet}, which were
 * about two fifths of the handshake's HTTP work in a profile of the seeds' {@code send} flow. The
 * handshake carries no credentials (STOMP authenticates on CONNECT), and the handler keeps every
 * check of its own (method, {@code Upgrade}, version, key, origin, sub-protocol), answering a
 * failed one itself as it always does; a target Tomcat's upgrade cannot make a URI of (a broken
 * percent-escape in the query) is answered 400 here.
 *
 * <p>Any other request to {@code /ws} goes on through the full chain, untouched. The path must be
 * exactly {@code /ws}, so nothing the security firewall would look at in a path reaches the handler
 * this way. Handshakes it passed to the handler are counted in {@code
 * dugout.http.lean.requests{route="/ws",outcome="answered"}} and timed into {@code
 * http.server.requests} by the filter (it stands in front of the HTTP observation, see {@link
 * FastPathMetrics}), the rest counted as {@code passed}.
 */
final class HandshakeFilter extends OncePerRequestFilter {

  private static final String PATH = StompEndpoint.PATH;

  private final HttpRequestHandler handshakes;
  private final FastPathMetrics.Route meters;

  HandshakeFilter(HttpRequestHandler handshakes, FastPathMetrics metrics) {
    this.handshakes = handshakes;
    this.meters = metrics.route("GET", PATH);
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
    long start = System.nanoTime();
    if (!isUpgrade(request)) {
      meters.passed();
      chain.doFilter(request, response);
      return;
    }
    if (!isUri(request)) {
      // why: Tomcat's upgrade makes a URI of the target and fails with a 500 on one it cannot
      // parse (a broken percent-escape in the query); the mistake is the client's
      response.sendError(HttpServletResponse.SC_BAD_REQUEST);
      meters.answered(HttpServletResponse.SC_BAD_REQUEST, start);
      return;
    }
    request.setAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE, PATH);
    handshakes.handleRequest(request, response);
    meters.answered(response.getStatus(), start);
  }

  /** Whether the request's target makes a URI, as Tomcat's upgrade makes one of it. */
  private static boolean isUri(HttpServletRequest request) {
    String query = request.getQueryString();
    try {
      new URI("ws://localhost" + PATH + (query == null ? "" : "?" + query));
      return true;
    } catch (URISyntaxException broken) {
      return false;
    }
  }

  private static boolean isUpgrade(HttpServletRequest request) {
    return "GET".equals(request.getMethod())
        && "websocket".equalsIgnoreCase(request.getHeader(HttpHeaders.UPGRADE));
  }
}
