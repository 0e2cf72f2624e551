package io.dugout.file;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.SecretKey;

/**
 * Signs and checks upload URLs: HMAC-SHA256 over the method, the upload id and the expiry second,
 * so a URL works for one upload, one method and until it expires, and a changed character anywhere
 * in those makes it fail. Every node with the same key accepts the same URLs.
 */
final class UploadSigner {

  private final SecretKey key;

  UploadSigner(SecretKey key) {
    this.key = key;
  }

  /** The signature of a {@code PUT} of {@code uploadId} until {@code expires}, URL-safe base64. */
  String sign(String uploadId, Instant expires) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(mac(uploadId, expires));
  }

  /** Whether {@code signature} is this key's for the upload and expiry, in constant time. */
  boolean verifies(String uploadId, Instant expires, String signature) {
    byte[] given;
    try {
      given = Base64.getUrlDecoder().decode(signature);
    } catch (IllegalArgumentException e) {
      return false;
    }
    return MessageDigest.isEqual(given, mac(uploadId, expires));
  }

  private byte[] mac(String uploadId, Instant expires) {
    try {
      var mac = Mac.getInstance("HmacSHA256");
      mac.init(key);
      String signed = "PUT\n" + uploadId + "\n" + expires.getEpochSecond();
      return mac.doFinal(signed.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      throw new IllegalStateException("HmacSHA256 is not available: " + e.getMessage(), e);
    }
  }
}
