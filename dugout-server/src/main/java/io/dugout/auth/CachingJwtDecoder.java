package io.dugout.auth;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtException;

/**
 * Remembers tokens that verified, until they expire, so a client sending many requests with one
 * token pays for the signature check once. A token is never trusted past its {@code exp}; tokens
 * without one are re-checked after a minute. Bounded: when full it starts over.
 */
final class CachingJwtDecoder implements JwtDecoder {

  static final int MAX_ENTRIES = 100_000;
  private static final long NO_EXPIRY_SECONDS = 60;

  private final JwtDecoder delegate;
  private final Clock clock;
  private final Map<String, Verified> verified = new ConcurrentHashMap<>();

  CachingJwtDecoder(JwtDecoder delegate, Clock clock) {
    this.delegate = delegate;
    this.clock = clock;
  }

  @Override
  public Jwt decode(String token) throws JwtException {
    Instant now = clock.instant();
    Verified hit = verified.get(token);
    if (hit != null && now.isBefore(hit.until())) {
      return hit.jwt();
    }
    Jwt jwt = delegate.decode(token);
    Instant until =
        jwt.getExpiresAt() != null ? jwt.getExpiresAt() : now.plusSeconds(NO_EXPIRY_SECONDS);
    if (verified.size() >= MAX_ENTRIES) {
      verified.clear();
    }
    verified.put(token, new Verified(jwt, until));
    return jwt;
  }

  private record Verified(Jwt jwt, Instant until) {}
}
