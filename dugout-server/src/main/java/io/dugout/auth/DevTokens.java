package io.dugout.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import javax.crypto.SecretKey;

/** Signs try-it-out tokens with the node's generated secret. */
final class DevTokens {

  static final Duration LIFETIME = Duration.ofHours(24);
  private final MACSigner signer;

  DevTokens(SecretKey key) {
    try {
      this.signer = new MACSigner(key);
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
  }

  Issued issue(String userId, String scope, Instant now) {
    Instant expiresAt = now.plus(LIFETIME);
    var claims =
        new JWTClaimsSet.Builder()
            .subject(userId)
            .issuer("dugout-dev")
            .issueTime(Date.from(now))
            .expirationTime(Date.from(expiresAt));
    if (scope != null && !scope.isBlank()) {
      claims.claim("scope", scope);
    }
    var jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims.build());
    try {
      jwt.sign(signer);
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
    return new Issued(jwt.serialize(), userId, expiresAt);
  }

  /** A token handed out by {@code POST /api/v1/dev/token}. */
  record Issued(String token, String userId, Instant expiresAt) {}
}
