package io.dugout.notification.webhook;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code Dugout-Signature} header: {@code t=<unix seconds>,v1=<hex HMAC-SHA256>}, where the MAC
 * is over the bytes of {@code "<t>." + body} with the configured secret. Each attempt is signed
 * afresh, so a receiver that rejects old timestamps rejects replays; docs/protocol.md shows how to
 * verify. The before-send hook signs its requests with it too.
 */
public final class WebhookSignature {

  public static final String HEADER = "Dugout-Signature";
  private static final String ALGORITHM = "HmacSHA256";

  private final SecretKeySpec key;

  public WebhookSignature(String secret) {
    this.key = new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM);
  }

  /** The header value for {@code body} sent at {@code at}. */
  public String sign(byte[] body, Instant at) {
    long t = at.getEpochSecond();
    return "t=" + t + ",v1=" + HexFormat.of().formatHex(mac(t, body));
  }

  /**
   * Whether {@code header} is this secret's signature of {@code body}, made no further than {@code
   * tolerance} from {@code now}: what a receiver checks, here for tests and as a reference.
   */
  boolean verify(String header, byte[] body, Instant now, Duration tolerance) {
    Long t = null;
    byte[] given = null;
    for (String part : header.split(",")) {
      int eq = part.indexOf('=');
      if (eq < 0) {
        return false;
      }
      String name = part.substring(0, eq).strip();
      String value = part.substring(eq + 1).strip();
      try {
        if (name.equals("t")) {
          t = Long.parseLong(value);
        } else if (name.equals("v1")) {
          given = HexFormat.of().parseHex(value);
        }
      } catch (IllegalArgumentException e) {
        return false;
      }
    }
    if (t == null || given == null) {
      return false;
    }
    long skew = Math.abs(now.getEpochSecond() - t);
    return skew <= tolerance.toSeconds() && MessageDigest.isEqual(mac(t, body), given);
  }

  private byte[] mac(long t, byte[] body) {
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(key);
      mac.update((t + ".").getBytes(StandardCharsets.US_ASCII));
      return mac.doFinal(body);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HMAC-SHA256 is part of every JDK", e);
    }
  }
}
