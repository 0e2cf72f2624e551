package io.dugout.auth;

import io.dugout.system.AccessLog;
import io.dugout.system.LeanDoors;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.HandlerMapping;

/**
 * The lean door for the hottest reads (history pages, entering a room): a request that matches a
 * {@link LeanRoute} and carries a good bearer token is answered here, before Spring Security's
 * filter chain and MVC dispatch, which were most of the cost of such a request. Every check is
 * kept: the token is verified by the same {@link TokenVerifier} (signature, expiry, subject) and
 * the route's service method checks membership.
 *
 * <p>It answers only the plain success case. Anything else (no or a bad token, an {@code Accept}
 * that excludes JSON, a path variable with unusual characters, a repeated parameter, a route that
 * throws) goes on through the full chain, which answers it as it answers every request: errors look
 * the same either way, at the price of a second attempt that only failing requests pay.
 *
 * <p>It stands in front of the HTTP observation (see {@link LeanDoors}), times what it answers into
 * {@code http.server.requests} itself, names the route for the access log, writes the security
 * headers Spring Security writes on every response, and counts, per route, the requests it answered
 * and those it passed on ({@code dugout.http.lean.requests}).
 */
final class LeanReads extends OncePerRequestFilter {

  /** The headers Spring Security's defaults add to every response over plain HTTP. */
  private static final List<String[]> SECURITY_HEADERS =
      List.of(
          new String[] {"X-Content-Type-Options", "nosniff"},
          new String[] {"X-XSS-Protection", "0"},
          new String[] {
            HttpHeaders.CACHE_CONTROL, "no-cache, no-store, max-age=0, must-revalidate"
          },
          new String[] {HttpHeaders.PRAGMA, "no-cache"},
          new String[] {HttpHeaders.EXPIRES, "0"},
          new String[] {"X-Frame-Options", "DENY"});

  private static final String BEARER = "bearer ";

  private final List<Matcher> routes;
  private final TokenVerifier tokens;

  LeanReads(List<LeanRoute> routes, TokenVerifier tokens, LeanDoors doors) {
    this.routes = routes.stream().map(route -> new Matcher(route, doors)).toList();
    this.tokens = tokens;
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
    String path = request.getRequestURI();
    for (Matcher route : routes) {
      String variable = route.variableIn(request.getMethod(), path);
      if (variable != null) {
        serve(route, variable, start, request, response, chain);
        return;
      }
    }
    chain.doFilter(request, response);
  }

  private void serve(
      Matcher route,
      String variable,
      long start,
      HttpServletRequest request,
      HttpServletResponse response,
      FilterChain chain)
      throws ServletException, IOException {
    byte[] body = answer(route, variable, request);
    if (body == null) {
      route.meters.passed();
      chain.doFilter(request, response);
      return;
    }
    response.setStatus(HttpServletResponse.SC_OK);
    for (String[] header : SECURITY_HEADERS) {
      response.setHeader(header[0], header[1]);
    }
    response.setContentType(MediaType.APPLICATION_JSON_VALUE);
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
    route.meters.answered(HttpServletResponse.SC_OK, start);
  }

  /** The JSON body of the answer, or null when the full chain should answer the request. */
  private byte[] answer(Matcher route, String variable, HttpServletRequest request) {
    String token = bearerToken(request);
    if (token == null || !acceptsJson(request) || hasBody(request) || !plainQuery(request)) {
      return null;
    }
    try {
      Caller caller = tokens.verify(token).caller();
      byte[] body = route.route.answer(caller, variable, new LeanQuery(request.getQueryString()));
      request.setAttribute(AccessLog.USER_ATTRIBUTE, caller.userId());
      request.setAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE, route.route.template());
      return body;
    } catch (RuntimeException anyError) {
      // why: the full chain answers every error, so that errors look the same on both paths
      return null;
    }
  }

  /**
   * The token of an {@code Authorization: Bearer} header in RFC 6750's token syntax, else null:
   * anything unusual is left to the full chain's parser.
   */
  private static String bearerToken(HttpServletRequest request) {
    String header = request.getHeader(HttpHeaders.AUTHORIZATION);
    if (header == null
        || header.length() <= BEARER.length()
        || !header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
      return null;
    }
    for (int i = BEARER.length(); i < header.length(); i++) {
      char c = header.charAt(i);
      boolean tokenChar =
          (c >= 'a' && c <= 'z')
              || (c >= 'A' && c <= 'Z')
              || (c >= '0' && c <= '9')
              || "-._~+/=".indexOf(c) >= 0;
      if (!tokenChar) {
        return null;
      }
    }
    return header.substring(BEARER.length());
  }

  /**
   * True unless the client lists types and JSON is none of them (an unparsable header counts as
   * absent).
   */
  private static boolean acceptsJson(HttpServletRequest request) {
    String accept = request.getHeader(HttpHeaders.ACCEPT);
    if (accept == null || accept.isBlank()) {
      return true;
    }
    try {
      for (MediaType type : MediaType.parseMediaTypes(accept)) {
        if (type.isCompatibleWith(MediaType.APPLICATION_JSON)) {
          return true;
        }
      }
      return false;
    } catch (InvalidMediaTypeException unparsable) {
      return true;
    }
  }

  /**
   * True when the query string, if any, needs no decoding: letters, digits, {@code = & - _ .}.
   * Anything else (percent-encoding, broken or not, {@code +}, …) is the full chain's to judge,
   * which names a parameter the container could not decode where the container would drop it.
   */
  private static boolean plainQuery(HttpServletRequest request) {
    String query = request.getQueryString();
    if (query == null) {
      return true;
    }
    for (int i = 0; i < query.length(); i++) {
      char c = query.charAt(i);
      if (!isPlain(c) && "=&.".indexOf(c) < 0) {
        return false;
      }
    }
    return true;
  }

  /** ASCII letters, digits, {@code -} and {@code _}. */
  private static boolean isPlain(char c) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || c == '-'
        || c == '_';
  }

  private static boolean hasBody(HttpServletRequest request) {
    return request.getContentLengthLong() > 0 || request.getHeader("Transfer-Encoding") != null;
  }

  /** A route's template split at its one variable, and its meters. */
  private static final class Matcher {

    private final LeanRoute route;
    private final String method;
    private final String prefix;
    private final String suffix;
    private final LeanDoors.Route meters;

    Matcher(LeanRoute route, LeanDoors doors) {
      this.route = route;
      this.method = route.method().toUpperCase(Locale.ROOT);
      this.meters = doors.route(method, route.template());
      String template = route.template();
      int open = template.indexOf('{');
      int close = template.indexOf('}');
      if (open < 0 || close < open || template.indexOf('{', close) >= 0) {
        throw new IllegalArgumentException("one path variable expected: " + template);
      }
      this.prefix = template.substring(0, open);
      this.suffix = template.substring(close + 1);
    }

    /** The path variable when the request is this route's, else null. */
    String variableIn(String requestMethod, String path) {
      if (!method.equals(requestMethod)
          || path.length() <= prefix.length() + suffix.length()
          || !path.startsWith(prefix)
          || !path.endsWith(suffix)) {
        return null;
      }
      int end = path.length() - suffix.length();
      for (int i = prefix.length(); i < end; i++) {
        if (!isPlain(path.charAt(i))) {
          return null;
        }
      }
      return path.substring(prefix.length(), end);
    }
  }
}
