package io.dugout.system;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * How logs name a user: the first 12 hex digits of the SHA-256 of the user id. Lines of one user
 * can be followed without the log holding the id itself; it is a pseudonym, not anonymity (anyone
 * who can guess an id can compute its hash).
 */
public final class UserHash {

  private UserHash() {}

  public static String of(String userId) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(userId.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 6);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }
}
