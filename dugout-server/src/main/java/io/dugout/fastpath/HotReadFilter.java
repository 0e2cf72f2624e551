package io.dugout.fastpath;

import io.dugout.auth.TokenVerifier;
import io.dugout.system.AccessLog;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.HandlerMapping;

/**
 * The fast path for the hottest reads (history pages, entering a room): a request that matches a
 * {@link HotReadRoute} and carries a good bearer token is answered here, before Spring Security's
 * filter chain and MVC dispatch, which were most of the cost of such a request. Every check is
 * kept: the token is verified by the same {@link TokenVerifier} (signature, expiry, subject) and
 * the route's service method checks membership.
 *
 * <p>It answers only the plain success case, as {@link HotReadMatcher} decides it. Anything else
 * (no or a bad token, an {@code Accept} that excludes JSON, a path variable with unusual
 * characters, a repeated parameter, a route that throws) goes on through the full chain, which
 * answers it as it answers every request: errors look the same either way, at the price of a second
 * attempt that only failing requests pay.
 *
 * <p>It stands in front of the HTTP observation (see {@link FastPathMetrics}), times what it
 * answers into {@code http.server.requests} itself, names the route for the access log, writes the
 * security headers Spring Security writes on every response, and counts, per route, the requests it
 * answered and those it passed on ({@code dugout.http.lean.requests}).
 */
final class HotReadFilter extends OncePerRequestFilter {

  private final HotReadMatcher reads;

  HotReadFilter(HotReadMatcher reads) {
    this.reads = reads;
  }

  HotReadFilter(List<HotReadRoute> routes, TokenVerifier tokens, FastPathMetrics metrics) {
    this(new HotReadMatcher(routes, tokens, metrics));
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return request.getDispatcherType() != DispatcherType.REQUEST;
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    long start = System.nanoTime();
    HotReadMatcher.Match match = reads.match(request.getMethod(), request.getRequestURI());
    if (match == null) {
      chain.doFilter(request, response);
      return;
    }
    HotReadMatcher.Answer answer =
        match.answer(
            request.getHeader(HttpHeaders.AUTHORIZATION),
            request.getHeader(HttpHeaders.ACCEPT),
            hasBody(request),
            request.getQueryString());
    if (answer == null) {
      match.passed();
      chain.doFilter(request, response);
      return;
    }
    request.setAttribute(AccessLog.USER_ATTRIBUTE, answer.userId());
    request.setAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE, match.template());
    response.setStatus(HttpServletResponse.SC_OK);
    for (String[] header : HotReadMatcher.SECURITY_HEADERS) {
      response.setHeader(header[0], header[1]);
    }
    response.setContentType(MediaType.APPLICATION_JSON_VALUE);
    response.setContentLength(answer.body().length);
    response.getOutputStream().write(answer.body());
    answer.answered(start);
  }

  private static boolean hasBody(HttpServletRequest request) {
    return request.getContentLengthLong() > 0 || request.getHeader("Transfer-Encoding") != null;
  }
}
