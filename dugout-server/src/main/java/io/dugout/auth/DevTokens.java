package io.dugout.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.dugout.system.DugoutException;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import javax.crypto.SecretKey;

/** Signs try-it-out tokens with the node's generated secret. */
final class DevTokens {

  static final Duration LIFETIME = Duration.ofHours(24);
  private final MACSigner signer;
  private final boolean serviceTokens;

  DevTokens(SecretKey key, boolean serviceTokens) {
    try {
      this.signer = new MACSigner(key);
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
    this.serviceTokens = serviceTokens;
  }

  /**
   * Signs a token for the user, with the service scope when asked for and allowed.
   *
   * @throws DugoutException.Forbidden for the service scope while service tokens are off
   */
  Issued issue(String userId, String scope, Instant now) {
    if (scope != null && !serviceTokens) {
      throw DugoutException.forbidden(
          "try-it-out tokens with the service scope are off; start the server with"
              + " dugout.auth.try-it-out-service-tokens=true to allow them");
    }
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
