package io.dugout.auth;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How tokens are checked ({@code dugout.auth.*}). With none of the three JWT settings, the node
 * runs in try-it-out mode and signs its own tokens.
 *
 * @param jwt the key that verifies tokens
 * @param tryItOut whether a node without a configured key may run in try-it-out mode at all; when
 *     false such a node refuses to start
 * @param tryItOutServiceTokens whether the try-it-out endpoint also hands out tokens with the
 *     service scope (act as anyone, in every room); off unless asked for
 * @param requireExpiry whether a token without {@code exp} is refused
 */
@ConfigurationProperties("dugout.auth")
public record AuthProperties(
    @DefaultValue Jwt jwt,
    @DefaultValue("true") boolean tryItOut,
    @DefaultValue("false") boolean tryItOutServiceTokens,
    @DefaultValue("true") boolean requireExpiry) {

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
