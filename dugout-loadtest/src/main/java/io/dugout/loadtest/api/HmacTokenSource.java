package io.dugout.loadtest.api;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Mints HS256 JWTs locally with the deployment's key: its {@code dugout.auth.jwt.hmac-secret} (the
 * secret's UTF-8 bytes), or the key an embedded server generates into its data directory when no
 * secret is configured ({@link #fromKeyFile}), for servers that hand out no service tokens.
 */
public final class HmacTokenSource implements TokenSource {

  private static final Base64.Encoder BASE64 = Base64.getUrlEncoder().withoutPadding();

  private static final String HEADER =
      BASE64.encodeToString("{\"alg\":\"HS256\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8));

  private final SecretKeySpec key;

  public HmacTokenSource(String secret) {
    this(secret.getBytes(StandardCharsets.UTF_8));
  }

  private HmacTokenSource(byte[] key) {
    this.key = new SecretKeySpec(key, "HmacSHA256");
  }

  /**
   * Mints with the key in {@code file}, as hex: the {@code dev-jwt-secret} an embedded server keeps
   * in its data directory and signs its own try-it-out tokens with.
   *
   * @throws IOException when the file cannot be read
   * @throws IllegalArgumentException when it does not hold a key in hex
   */
  public static HmacTokenSource fromKeyFile(Path file) throws IOException {
    return new HmacTokenSource(HexFormat.of().parseHex(Files.readString(file).strip()));
  }

  @Override
  public String userToken(String userId) {
    return mint(userId, null);
  }

  @Override
  public String serviceToken() {
    return mint("loadtest-admin", SERVICE_SCOPE);
  }

  String mint(String subject, String scope) {
    long now = Instant.now().getEpochSecond();
    String payload =
        "{\"sub\":\""
            + subject
            + "\""
            + (scope == null ? "" : ",\"scope\":\"" + scope + "\"")
            + ",\"iat\":"
            + now
            + ",\"exp\":"
            + (now + 86_400)
            + "}";
    String signingInput =
        HEADER + "." + BASE64.encodeToString(payload.getBytes(StandardCharsets.UTF_8));
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(key);
      return signingInput
          + "."
          + BASE64.encodeToString(mac.doFinal(signingInput.getBytes(StandardCharsets.US_ASCII)));
    } catch (GeneralSecurityException ex) {
      throw new IllegalStateException("HmacSHA256 is not available in this JVM", ex);
    }
  }
}
