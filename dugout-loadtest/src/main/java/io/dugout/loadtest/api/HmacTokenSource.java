package io.dugout.loadtest.api;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Mints HS256 JWTs locally with the deployment's {@code dugout.auth.jwt.hmac-secret} (its UTF-8
 * bytes), for servers that have no try-it-out token endpoint.
 */
public final class HmacTokenSource implements TokenSource {

  private static final Base64.Encoder BASE64 = Base64.getUrlEncoder().withoutPadding();

  private static final String HEADER =
      BASE64.encodeToString("{\"alg\":\"HS256\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8));

  private final SecretKeySpec key;

  public HmacTokenSource(String secret) {
    this.key = new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256");
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
