package io.dugout.api;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.HexFormat;
import java.util.Map;

/** Tokens a test signs itself, the way a product's identity provider would. */
public final class Jwts {

  private Jwts() {}

  /** The secret a try-it-out node keeps in its data directory. */
  public static byte[] devSecret(Path dataDir) {
    try {
      return HexFormat.of().parseHex(Files.readString(dataDir.resolve("dev-jwt-secret")).strip());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static byte[] secret(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  /** An HS256 token for {@code subject}, valid for an hour. */
  public static String hs256(byte[] secret, String subject) {
    return hs256(secret, subject, null, Instant.now().plus(Duration.ofHours(1)));
  }

  /** An HS256 token; null {@code subject} or {@code scope} leaves the claim out. */
  public static String hs256(byte[] secret, String subject, String scope, Instant expiresAt) {
    var jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims(subject, scope, expiresAt));
    try {
      jwt.sign(new MACSigner(secret));
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
    return jwt.serialize();
  }

  /** An HS256 token with exactly these claims (dates as epoch seconds), nothing added. */
  public static String hs256(byte[] secret, Map<String, Object> claims) {
    try {
      var jwt =
          new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), JWTClaimsSet.parse(Map.copyOf(claims)));
      jwt.sign(new MACSigner(secret));
      return jwt.serialize();
    } catch (JOSEException | java.text.ParseException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A token with {@code alg: none}: claims anyone could write. */
  public static String unsigned(String subject) {
    return new PlainJWT(claims(subject, null, Instant.now().plusSeconds(3600))).serialize();
  }

  private static JWTClaimsSet claims(String subject, String scope, Instant expiresAt) {
    var claims =
        new JWTClaimsSet.Builder()
            .subject(subject)
            .issueTime(Date.from(Instant.now().minusSeconds(60)))
            .expirationTime(Date.from(expiresAt));
    if (scope != null) {
      claims.claim("scope", scope);
    }
    return claims.build();
  }
}
