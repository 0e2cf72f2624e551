package io.dugout.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.system.AccessLog;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationProperties;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.web.servlet.HandlerMapping;

/**
 * The fast path answers exactly the plain success case of its routes and leaves everything else,
 * untouched, to the full chain.
 */
class HotReadFilterTests {

  private static final String GOOD = TestHotReads.GOOD;
  private static final String PATH = "/api/v1/rooms/room-1_A/messages";

  private final List<String> answered = new ArrayList<>();
  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  private final HotReadFilter door =
      new HotReadFilter(
          List.of(route("GET", "/api/v1/rooms/{roomId}/messages")),
          TestHotReads.verifier(),
          metrics(meters));

  @Test
  void answersAGoodRequestItselfWithJsonAndTheSecurityHeaders() throws Exception {
    var response = new MockHttpServletResponse();
    var chain = new MockFilterChain();
    var request = request("GET", PATH, r -> r.addHeader("Authorization", "Bearer " + GOOD));

    door.doFilter(request, response, chain);

    assertThat(chain.getRequest()).as("the full chain ran").isNull();
    assertThat(answered).containsExactly("alice@room-1_A");
    assertThat(response.getStatus()).isEqualTo(200);
    assertThat(response.getContentType()).startsWith("application/json");
    assertThat(response.getContentAsString()).isEqualTo("{\"room\":\"room-1_A\",\"by\":\"alice\"}");
    assertThat(response.getContentLength()).isEqualTo(response.getContentAsByteArray().length);
    assertThat(response.getHeader("X-Content-Type-Options")).isEqualTo("nosniff");
    assertThat(response.getHeader("X-Frame-Options")).isEqualTo("DENY");
    assertThat(response.getHeader("Cache-Control")).contains("no-store");
    assertThat(request.getAttribute(AccessLog.USER_ATTRIBUTE)).isEqualTo("alice");
    assertThat(request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE))
        .isEqualTo("/api/v1/rooms/{roomId}/messages");
    assertThat(requestsTimed("200")).as("timed as the observation would have").isEqualTo(1);
  }

  @Test
  void takesAPlainQuery() throws Exception {
    assertAnswered(withQuery("before=120&limit=50"));
    assertAnswered(withQuery("after=0&limit=5&x=y_z-1.2"));
  }

  @Test
  void takesTheSchemeInAnyCaseAndAnAcceptThatAllowsJson() throws Exception {
    assertAnswered(
        request(
            "GET",
            PATH,
            r -> {
              r.addHeader("Authorization", "bEaReR " + GOOD);
              r.addHeader("Accept", "text/html;q=0.9, application/*");
            }));
    assertAnswered(
        request(
            "GET",
            PATH,
            r -> {
              r.addHeader("Authorization", "Bearer " + GOOD);
              r.addHeader("Accept", "bogus");
            }));
  }

  @Test
  void leavesEverythingElseToTheFullChain() throws Exception {
    Map<String, HttpServletRequest> others =
        Map.ofEntries(
            Map.entry("no token", request("GET", PATH, r -> {})),
            Map.entry("a bad token", withToken("GET", PATH, "bad.token.sig")),
            Map.entry(
                "basic auth", request("GET", PATH, r -> r.addHeader("Authorization", "Basic x"))),
            Map.entry(
                "a token outside RFC 6750's syntax",
                request("GET", PATH, r -> r.addHeader("Authorization", "Bearer a b"))),
            Map.entry("another method", withToken("POST", PATH, GOOD)),
            Map.entry("another route", withToken("GET", "/api/v1/rooms/room-1/members", GOOD)),
            Map.entry("the route's prefix only", withToken("GET", "/api/v1/rooms//messages", GOOD)),
            Map.entry(
                "an encoded character", withToken("GET", "/api/v1/rooms/room%2F1/messages", GOOD)),
            Map.entry("a dot segment", withToken("GET", "/api/v1/rooms/../messages", GOOD)),
            Map.entry("a path parameter", withToken("GET", "/api/v1/rooms/r;x=1/messages", GOOD)),
            Map.entry(
                "an Accept without JSON",
                request(
                    "GET",
                    PATH,
                    r -> {
                      r.addHeader("Authorization", "Bearer " + GOOD);
                      r.addHeader("Accept", "text/html");
                    })),
            Map.entry(
                "a body",
                request(
                    "GET",
                    PATH,
                    r -> {
                      r.addHeader("Authorization", "Bearer " + GOOD);
                      r.setContent(new byte[] {'{', '}'});
                    })),
            Map.entry(
                "a route that throws", withToken("GET", "/api/v1/rooms/forbidden/messages", GOOD)));
    for (var other : others.entrySet()) {
      var response = new MockHttpServletResponse();
      var chain = new MockFilterChain();
      door.doFilter(other.getValue(), response, chain);
      assertThat(chain.getRequest()).as(other.getKey()).isSameAs(other.getValue());
      assertThat(response.getContentAsByteArray()).as(other.getKey()).isEmpty();
      assertThat(response.getHeaderNames()).as(other.getKey()).isEmpty();
      assertThat(other.getValue().getAttribute(AccessLog.USER_ATTRIBUTE))
          .as(other.getKey())
          .isNull();
    }
    assertThat(meters.find("http.server.requests").timers())
        .as("what the full chain answers, its observation times")
        .isEmpty();
  }

  @Test
  void refusesATemplateWithoutExactlyOneVariable() {
    assertThatThrownBy(
            () ->
                new HotReadFilter(
                    List.of(route("GET", "/a/b")),
                    TestHotReads.verifier(),
                    metrics(new SimpleMeterRegistry())))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () ->
                new HotReadFilter(
                    List.of(route("GET", "/a/{x}/{y}")),
                    TestHotReads.verifier(),
                    metrics(new SimpleMeterRegistry())))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private void assertAnswered(MockHttpServletRequest request) throws Exception {
    var chain = new MockFilterChain();
    var response = new MockHttpServletResponse();
    door.doFilter(request, response, chain);
    assertThat(chain.getRequest()).isNull();
    assertThat(response.getStatus()).isEqualTo(200);
  }

  private static MockHttpServletRequest withQuery(String query) {
    var request = withToken("GET", PATH, GOOD);
    request.setQueryString(query);
    return request;
  }

  private static MockHttpServletRequest withToken(String method, String path, String token) {
    return request(method, path, r -> r.addHeader("Authorization", "Bearer " + token));
  }

  private static MockHttpServletRequest request(
      String method, String path, Consumer<MockHttpServletRequest> headers) {
    var request = new MockHttpServletRequest(method, path);
    headers.accept(request);
    return request;
  }

  private HotReadRoute route(String method, String template) {
    return TestHotReads.route(method, template, answered::add);
  }

  private static FastPathMetrics metrics(SimpleMeterRegistry meters) {
    return new FastPathMetrics(meters, new ObservationProperties());
  }

  /** Requests the door timed into http.server.requests with this status, as Spring tags them. */
  private long requestsTimed(String status) {
    var timer =
        meters
            .find("http.server.requests")
            .tags(
                "method", "GET",
                "uri", "/api/v1/rooms/{roomId}/messages",
                "status", status,
                "outcome", "SUCCESS",
                "exception", "none",
                "error", "none")
            .timer();
    return timer == null ? 0 : timer.count();
  }
}
