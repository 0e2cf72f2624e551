package io.dugout.auth;

import io.dugout.system.Ids;
import java.time.Instant;
import java.util.Collection;
import java.util.Optional;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimNames;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtException;

/**
 * Turns a bearer token into a {@link Caller}, for REST (through Spring Security), the actuator and
 * STOMP alike: one rule decides who a token speaks for and whether it is a service caller. Holds
 * the try-it-out token issuer when the node has no configured key.
 */
public final class TokenVerifier {

  private final JwtDecoder decoder;
  private final DevTokens devTokens;

  public TokenVerifier(JwtDecoder decoder, DevTokens devTokens) {
    this.decoder = decoder;
    this.devTokens = devTokens;
  }

  /**
   * Verifies the token and returns its caller and expiry.
   *
   * @throws InvalidTokenException with a message fit for the client when the token is not good
   */
  public Verified verify(String token) {
    if (token == null || token.isBlank()) {
      throw new InvalidTokenException("missing token");
    }
    Jwt jwt;
    try {
      jwt = decoder.decode(token.strip());
    } catch (JwtException e) {
      throw new InvalidTokenException(e.getMessage());
    }
    return new Verified(callerOf(jwt), jwt.getExpiresAt());
  }

  /**
   * The caller a verified token speaks for: {@code sub} is the user; it is a service caller when
   * {@code scope} or {@code scp} lists {@value Caller#SERVICE_SCOPE}, given either as one
   * space-separated string (RFC 8693) or as an array of strings.
   *
   * @throws InvalidTokenException when {@code sub} is not a valid user id
   */
  static Caller callerOf(Jwt jwt) {
    // why: the decoder has made sub a string already; getSubject() converts it again per request
    String subject =
        jwt.getClaims().get(JwtClaimNames.SUB) instanceof String sub ? sub : jwt.getSubject();
    try {
      Ids.requireUserId("sub", subject);
    } catch (RuntimeException e) {
      throw new InvalidTokenException("the token's sub is not a valid user id");
    }
    boolean service =
        listsServiceScope(jwt.getClaims().get("scope"))
            || listsServiceScope(jwt.getClaims().get("scp"));
    return new Caller(subject, service);
  }

  private static boolean listsServiceScope(Object claim) {
    return switch (claim) {
      case String s -> java.util.Arrays.asList(s.split(" ")).contains(Caller.SERVICE_SCOPE);
      case Collection<?> c -> c.contains(Caller.SERVICE_SCOPE);
      case null, default -> false;
    };
  }

  JwtDecoder decoder() {
    return decoder;
  }

  Optional<DevTokens> devTokens() {
    return Optional.ofNullable(devTokens);
  }

  /**
   * A verified token: who it is for, and until when (null when the token has no {@code exp} and the
   * node accepts such tokens).
   */
  public record Verified(Caller caller, Instant expiresAt) {}

  /** The token was missing, malformed, expired or wrongly signed. */
  public static final class InvalidTokenException extends RuntimeException {
    InvalidTokenException(String message) {
      super(message, null, false, false);
    }
  }
}
