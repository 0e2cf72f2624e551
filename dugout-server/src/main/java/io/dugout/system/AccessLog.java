package io.dugout.system;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.HandlerMapping;

/**
 * The structured access log ({@code dugout.log.access=true}): one line per HTTP request on the
 * logger {@code dugout.access}, with the method, the route template (never the raw path, which
 * holds ids, nor the query), the status, the duration and a hash of the authenticated user. No
 * header, token or body is logged. The WebSocket endpoint is left to the session log.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
@ConditionalOnBooleanProperty("dugout.log.access")
public class AccessLog extends OncePerRequestFilter {

  /** The request attribute the authentication step sets to the caller's user id. */
  public static final String USER_ATTRIBUTE = AccessLog.class.getName() + ".user";

  private static final Logger log = LoggerFactory.getLogger("dugout.access");

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return request.getRequestURI().equals("/ws");
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    long start = System.nanoTime();
    try {
      chain.doFilter(request, response);
    } finally {
      if (log.isInfoEnabled()) {
        log.info(line(request, response.getStatus(), System.nanoTime() - start));
      }
    }
  }

  /**
   * Logs a request that was answered without the servlet filters (by the Netty listener in front of
   * Tomcat), in the same line as every other; call only where the access log is on.
   */
  public static void answered(String method, String route, int status, long nanos, String user) {
    if (log.isInfoEnabled()) {
      log.info(line(method, route, status, nanos, user));
    }
  }

  static String line(HttpServletRequest request, int status, long nanos) {
    return line(
        request.getMethod(),
        request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE),
        status,
        nanos,
        request.getAttribute(USER_ATTRIBUTE));
  }

  private static String line(String method, Object route, int status, long nanos, Object user) {
    return "method="
        + method
        + " route="
        + (route == null ? "-" : route)
        + " status="
        + status
        + " duration_ms="
        + String.format(Locale.ROOT, "%.3f", nanos / 1e6)
        + " user="
        + (user == null ? "-" : UserHash.of(user.toString()));
  }
}
