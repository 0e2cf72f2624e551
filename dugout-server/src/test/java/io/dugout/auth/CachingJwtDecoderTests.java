package io.dugout.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;

class CachingJwtDecoderTests {

  private static final Instant NOW = Instant.parse("2026-11-22T04:00:00Z");
  private final AtomicInteger checks = new AtomicInteger();

  @Test
  void checksAGoodTokenOnceUntilItExpires() {
    var decoder =
        new CachingJwtDecoder(counting(NOW.plusSeconds(60)), Clock.fixed(NOW, ZoneOffset.UTC));
    decoder.decode("t");
    decoder.decode("t");
    assertThat(checks).hasValue(1);
  }

  @Test
  void neverServesACachedTokenPastItsExpiry() {
    var now = new java.util.concurrent.atomic.AtomicReference<>(NOW);
    var clock =
        new Clock() {
          @Override
          public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
          }

          @Override
          public Clock withZone(java.time.ZoneId zone) {
            return this;
          }

          @Override
          public Instant instant() {
            return now.get();
          }
        };
    var expired = new java.util.concurrent.atomic.AtomicBoolean();
    JwtDecoder delegate =
        token -> {
          checks.incrementAndGet();
          if (expired.get()) {
            throw new BadJwtException("expired");
          }
          return Jwt.withTokenValue(token)
              .header("alg", "HS256")
              .subject("alice")
              .expiresAt(NOW.plusSeconds(60))
              .build();
        };
    var decoder = new CachingJwtDecoder(delegate, clock);
    decoder.decode("t");
    now.set(NOW.plusSeconds(61));
    expired.set(true);
    assertThatThrownBy(() -> decoder.decode("t")).isInstanceOf(BadJwtException.class);
    assertThat(checks).hasValue(2);
  }

  @Test
  void doesNotRememberTokensThatFailed() {
    JwtDecoder rejecting =
        token -> {
          checks.incrementAndGet();
          throw new BadJwtException("bad signature");
        };
    var decoder = new CachingJwtDecoder(rejecting, Clock.fixed(NOW, ZoneOffset.UTC));
    assertThatThrownBy(() -> decoder.decode("t")).isInstanceOf(BadJwtException.class);
    assertThatThrownBy(() -> decoder.decode("t")).isInstanceOf(BadJwtException.class);
    assertThat(checks).hasValue(2);
  }

  private JwtDecoder counting(Instant expiresAt) {
    return token -> {
      checks.incrementAndGet();
      return Jwt.withTokenValue(token)
          .header("alg", "HS256")
          .subject("alice")
          .expiresAt(expiresAt)
          .issuedAt(NOW.minusSeconds(1))
          .build();
    };
  }
}
