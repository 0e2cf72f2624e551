package io.dugout.auth;

import io.dugout.system.DugoutProperties;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyFactory;
import java.security.SecureRandom;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.time.Clock;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;

/**
 * Chooses how JWTs are verified: the configured HS256 secret, RS256 public key or JWKS URI, or
 * (with none configured) a generated secret kept in the data directory, which also signs try-it-out
 * tokens.
 */
@Configuration(proxyBeanMethods = false)
class JwtConfiguration {

  private static final Logger log = LoggerFactory.getLogger(JwtConfiguration.class);
  private static final int MIN_SECRET_BYTES = 32;

  @Bean
  TokenVerifier tokenVerifier(AuthProperties auth, DugoutProperties dugout, Clock clock) {
    var verifier = verifier(auth, dugout);
    JwtDecoder checked = new ExpiryRequired(verifier.decoder(), auth.requireExpiry());
    return new TokenVerifier(
        new CachingJwtDecoder(checked, clock), verifier.devTokens().orElse(null));
  }

  private static TokenVerifier verifier(AuthProperties auth, DugoutProperties dugout) {
    var jwt = auth.jwt();
    if (!jwt.configured()) {
      if (!auth.tryItOut()) {
        throw new IllegalStateException(
            "dugout.auth.try-it-out is false but no key is configured: set"
                + " dugout.auth.jwt.hmac-secret, dugout.auth.jwt.public-key or"
                + " dugout.auth.jwt.jwks-uri");
      }
      SecretKey key = devSecret(dugout.dataDir());
      log.warn(
          "\n!!! Dugout is in TRY-IT-OUT mode: no dugout.auth.jwt.* is configured. Tokens are"
              + " signed with a secret generated into the data directory, and POST"
              + " /api/v1/dev/token hands a token for any user name to any caller whose TCP"
              + " connection comes from this machine (loopback){}. Configure a secret, public key"
              + " or JWKS URI before real use, or set dugout.auth.try-it-out=false to refuse to"
              + " start without one. !!!",
          auth.tryItOutServiceTokens()
              ? ", including SERVICE tokens that act as anyone in every room"
                  + " (dugout.auth.try-it-out-service-tokens=true)"
              : "; service-scope tokens are refused");
      return new TokenVerifier(hmac(key), new DevTokens(key, auth.tryItOutServiceTokens()));
    }
    if (present(jwt.hmacSecret())) {
      byte[] secret = jwt.hmacSecret().getBytes(StandardCharsets.UTF_8);
      if (secret.length < MIN_SECRET_BYTES) {
        throw new IllegalStateException(
            "dugout.auth.jwt.hmac-secret must be at least "
                + MIN_SECRET_BYTES
                + " bytes for HS256");
      }
      log.info("Auth: HS256 with the configured secret");
      return new TokenVerifier(hmac(new SecretKeySpec(secret, "HmacSHA256")), null);
    }
    if (present(jwt.publicKey())) {
      log.info("Auth: RS256 with the configured public key");
      return new TokenVerifier(
          NimbusJwtDecoder.withPublicKey(rsaKey(jwt.publicKey())).build(), null);
    }
    log.info("Auth: RS256 with keys from {}", jwt.jwksUri());
    return new TokenVerifier(NimbusJwtDecoder.withJwkSetUri(jwt.jwksUri()).build(), null);
  }

  @Bean
  JwtDecoder jwtDecoder(TokenVerifier verifier) {
    return verifier.decoder();
  }

  private static JwtDecoder hmac(SecretKey key) {
    return NimbusJwtDecoder.withSecretKey(key).macAlgorithm(MacAlgorithm.HS256).build();
  }

  private static SecretKey devSecret(Path dataDir) {
    Path file = dataDir.resolve("dev-jwt-secret");
    try {
      if (!Files.exists(file)) {
        Files.createDirectories(dataDir);
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        ownerOnly(file);
        Files.writeString(file, HexFormat.of().formatHex(random));
      } else {
        restrictToOwner(file);
      }
      byte[] secret = HexFormat.of().parseHex(Files.readString(file).strip());
      return new SecretKeySpec(secret, "HmacSHA256");
    } catch (java.io.IOException | IllegalArgumentException e) {
      throw new IllegalStateException("cannot read or create " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * Creates {@code file} readable by its owner alone where the file system has POSIX permissions:
   * whoever reads the key can sign any token.
   */
  private static void ownerOnly(Path file) throws java.io.IOException {
    try {
      Files.createFile(
          file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } catch (UnsupportedOperationException e) {
      Files.createFile(file);
    }
  }

  /**
   * Makes an existing key readable by its owner alone, where it can: a key written by an earlier
   * version may be readable by everyone on the machine. A file system without POSIX permissions, or
   * a key the node may read but not change, is left as it is.
   */
  private static void restrictToOwner(Path file) {
    try {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    } catch (UnsupportedOperationException | java.io.IOException e) {
      log.debug("Could not restrict {} to its owner: {}", file, e.toString());
    }
  }

  private static RSAPublicKey rsaKey(String pem) {
    try {
      String base64 = pem.replaceAll("-----(BEGIN|END) PUBLIC KEY-----", "").replaceAll("\\s", "");
      var spec = new X509EncodedKeySpec(Base64.getDecoder().decode(base64));
      return (RSAPublicKey) KeyFactory.getInstance("RSA").generatePublic(spec);
    } catch (Exception e) {
      throw new IllegalStateException(
          "dugout.auth.jwt.public-key is not a PEM RSA public key: " + e.getMessage(), e);
    }
  }

  private static boolean present(String s) {
    return s != null && !s.isBlank();
  }
}
