package io.dugout.fastpath;

import io.dugout.auth.BannedUsers;
import io.dugout.auth.Caller;
import io.dugout.auth.TokenVerifier;
import java.util.List;
import java.util.Locale;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;

/**
 * What the fast path decides for the hottest reads (history pages, entering a room), whichever
 * server carries the request: Tomcat through the servlet filter {@link HotReadFilter}, or the Netty
 * listener in front of Tomcat. Both ask the same questions in the same order, so a request is
 * answered the same way on either.
 *
 * <p>Only the plain success case is answered: a request of a {@link HotReadRoute} with a bearer
 * token in RFC 6750's syntax that the {@link TokenVerifier} accepts, an {@code Accept} that allows
 * JSON, no body, and a query of plain characters. For anything else, {@link Match#answer} returns
 * null and the full chain answers the request, so errors look the same on every path.
 */
public final class HotReadMatcher {

  /** The headers Spring Security's defaults add to every response over plain HTTP. */
  public static final List<String[]> SECURITY_HEADERS =
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

  private final List<Route> routes;
  private final TokenVerifier tokens;
  private final BannedUsers bans;

  public HotReadMatcher(List<HotReadRoute> routes, TokenVerifier tokens, FastPathMetrics metrics) {
    this(routes, tokens, metrics, BannedUsers.NONE);
  }

  /** A banned user's reads go on to the full chain, which refuses them. */
  public HotReadMatcher(
      List<HotReadRoute> routes, TokenVerifier tokens, FastPathMetrics metrics, BannedUsers bans) {
    this.routes = routes.stream().map(route -> new Route(route, metrics)).toList();
    this.tokens = tokens;
    this.bans = bans;
  }

  /**
   * The hot route a request is for, or null when it is none's.
   *
   * @param path the request's path as it came, not decoded
   */
  public Match match(String method, String path) {
    for (Route route : routes) {
      String variable = route.variableIn(method, path);
      if (variable != null) {
        return new Match(route, variable);
      }
    }
    return null;
  }

  /** A request of one hot route. */
  public final class Match {

    private final Route route;
    private final String variable;

    private Match(Route route, String variable) {
      this.route = route;
      this.variable = variable;
    }

    /** The route's template, as the access log and the metrics name it. */
    public String template() {
      return route.route.template();
    }

    /**
     * The answer's JSON body, or null when the full chain should answer the request.
     *
     * @param authorization the {@code Authorization} header, or null
     * @param accept the {@code Accept} header, or null
     * @param query the raw query string, or null when there is none
     */
    public Answer answer(String authorization, String accept, boolean hasBody, String query) {
      String token = bearerToken(authorization);
      if (token == null || !acceptsJson(accept) || hasBody || !plainQuery(query)) {
        return null;
      }
      try {
        Caller caller = tokens.verify(token).caller();
        if (!caller.service() && bans.contains(caller.userId())) {
          return null;
        }
        return new Answer(
            route.route.answer(caller, variable, new PlainQuery(query)), caller.userId(), this);
      } catch (RuntimeException anyError) {
        // why: the full chain answers every error, so that errors look the same on both paths
        return null;
      }
    }

    /** The request went on to the full chain, which observes it. */
    public void passed() {
      route.meters.passed();
    }
  }

  /** A hot read answered: the JSON body of a {@code 200}, for the caller {@code userId}. */
  public record Answer(byte[] body, String userId, Match match) {

    /** Times the answer of a request begun at {@code startNanos} into the route's meters. */
    public void answered(long startNanos) {
      match.route.meters.answered(200, startNanos);
    }
  }

  /**
   * The token of an {@code Authorization: Bearer} header in RFC 6750's token syntax, else null:
   * anything unusual is left to the full chain's parser.
   */
  private static String bearerToken(String header) {
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
  private static boolean acceptsJson(String accept) {
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
  private static boolean plainQuery(String query) {
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

  /** A route's template split at its one variable, and its meters. */
  private static final class Route {

    private final HotReadRoute route;
    private final String method;
    private final String prefix;
    private final String suffix;
    private final FastPathMetrics.Route meters;

    Route(HotReadRoute route, FastPathMetrics metrics) {
      this.route = route;
      this.method = route.method().toUpperCase(Locale.ROOT);
      this.meters = metrics.route(method, route.template());
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
