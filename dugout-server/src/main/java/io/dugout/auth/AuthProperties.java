package io.dugout.auth;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How tokens are checked ({@code dugout.auth.*}). With none of the three JWT settings, the node
 * runs in try-it-out mode and signs its own tokens.
 */
@ConfigurationProperties("dugout.auth")
public record AuthProperties(@DefaultValue Jwt jwt) {

  /**
   * @param hmacSecret shared secret for HS256 (at least 32 bytes)
   * @param publicKey PEM-encoded RSA public key for RS256
   * @param jwksUri JWKS endpoint of an identity provider for RS256
   */
  public record Jwt(String hmacSecret, String publicKey, String jwksUri) {

    boolean configured() {
      return present(hmacSecret) || present(publicKey) || present(jwksUri);
    }

    private static boolean present(String s) {
      return s != null && !s.isBlank();
    }
  }
}
