package io.dugout.fastpath;

import io.dugout.auth.Caller;
import io.dugout.auth.TokenVerifier;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationProperties;
import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.jwt.Jwt;

/**
 * {@link HotReadMatcher} for tests of the doors that carry it: one route, {@code GET
 * /api/v1/rooms/{roomId}/messages}, answering {@code {"room":…,"by":…}}; room {@code forbidden}
 * throws as a non-member would, room {@code broken} throws an {@link Error}. One token is good,
 * {@link #GOOD}, for user {@code alice}.
 */
public final class TestHotReads {

  public static final String GOOD = "good.token.sig";
  public static final String TEMPLATE = "/api/v1/rooms/{roomId}/messages";

  private TestHotReads() {}

  public static HotReadMatcher create(MeterRegistry meters) {
    return new HotReadMatcher(
        List.of(route("GET", TEMPLATE, answered -> {})),
        verifier(),
        new FastPathMetrics(meters, new ObservationProperties()));
  }

  /** The body the route answers for {@code room}, asked by alice. */
  public static String body(String room) {
    return "{\"room\":\"" + room + "\",\"by\":\"alice\"}";
  }

  /**
   * A route of {@code method} and {@code template} answering as described above, which hands each
   * answer's {@code user@variable} to {@code answered}.
   */
  static HotReadRoute route(String method, String template, Consumer<String> answered) {
    return new HotReadRoute() {
      @Override
      public String method() {
        return method;
      }

      @Override
      public String template() {
        return template;
      }

      @Override
      public byte[] answer(Caller caller, String variable, PlainQuery query) {
        if (variable.equals("forbidden")) {
          throw new IllegalStateException("not a member");
        }
        if (variable.equals("broken")) {
          throw new AssertionError("a route that fails worse than an exception");
        }
        answered.accept(caller.userId() + "@" + variable);
        return ("{\"room\":\"" + variable + "\",\"by\":\"" + caller.userId() + "\"}")
            .getBytes(StandardCharsets.UTF_8);
      }
    };
  }

  /** Accepts {@link #GOOD} as alice's token and refuses every other. */
  static TokenVerifier verifier() {
    return new TokenVerifier(
        token -> {
          if (!token.equals(GOOD)) {
            throw new BadJwtException("bad signature");
          }
          return Jwt.withTokenValue(token)
              .header("alg", "HS256")
              .subject("alice")
              .expiresAt(Instant.now().plusSeconds(60))
              .build();
        },
        null);
  }
}
