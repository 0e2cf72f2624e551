package io.dugout.auth;

import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtException;

/**
 * Refuses tokens without {@code exp} ({@code dugout.auth.require-expiry}, on by default): a token
 * that never expires cannot be taken back once it leaks. The decoder it wraps has already refused
 * tokens whose {@code exp} has passed.
 */
final class ExpiryRequired implements JwtDecoder {

  private final JwtDecoder delegate;
  private final boolean required;

  ExpiryRequired(JwtDecoder delegate, boolean required) {
    this.delegate = delegate;
    this.required = required;
  }

  @Override
  public Jwt decode(String token) throws JwtException {
    Jwt jwt = delegate.decode(token);
    if (required && jwt.getExpiresAt() == null) {
      throw new BadJwtException(
          "the token has no exp; this server requires tokens that expire"
              + " (dugout.auth.require-expiry)");
    }
    return jwt;
  }
}
