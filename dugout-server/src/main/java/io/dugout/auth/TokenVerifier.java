package io.dugout.auth;

import io.dugout.system.Ids;
import java.util.Optional;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtException;

/**
 * Turns a bearer token into a {@link Caller}, for REST (through Spring Security) and for STOMP
 * CONNECT alike. Holds the try-it-out token issuer when the node has no configured key.
 */
public final class TokenVerifier {

  private final JwtDecoder decoder;
  private final DevTokens devTokens;

  TokenVerifier(JwtDecoder decoder, DevTokens devTokens) {
    this.decoder = decoder;
    this.devTokens = devTokens;
  }

  /**
   * Verifies the token and returns its caller.
   *
   * @throws InvalidTokenException with a message fit for the client when the token is not good
   */
  public Caller verify(String token) {
    if (token == null || token.isBlank()) {
      throw new InvalidTokenException("missing token");
    }
    try {
      return callerOf(decoder.decode(token.strip()));
    } catch (JwtException e) {
      throw new InvalidTokenException(e.getMessage());
    }
  }

  static Caller callerOf(Jwt jwt) {
    String subject = jwt.getSubject();
    try {
      Ids.requireUserId("sub", subject);
    } catch (RuntimeException e) {
      throw new InvalidTokenException("the token's sub is not a valid user id");
    }
    Object scope = jwt.getClaims().get("scope");
    boolean service =
        scope instanceof String s
            && java.util.Arrays.asList(s.split(" ")).contains(Caller.SERVICE_SCOPE);
    return new Caller(subject, service);
  }

  JwtDecoder decoder() {
    return decoder;
  }

  Optional<DevTokens> devTokens() {
    return Optional.ofNullable(devTokens);
  }

  /** The token was missing, malformed, expired or wrongly signed. */
  public static final class InvalidTokenException extends RuntimeException {
    InvalidTokenException(String message) {
      super(message, null, false, false);
    }
  }
}
