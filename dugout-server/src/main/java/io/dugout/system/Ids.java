package io.dugout.system;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.UUID;

/**
 * Validates the identifiers that come from outside (user ids, client message ids) and mints
 * time-ordered room ids (UUIDv7), so that ids sort by creation and never collide across nodes.
 */
public final class Ids {

  public static final int MAX_USER_ID_LENGTH = 128;
  private static final SecureRandom RANDOM = new SecureRandom();

  private Ids() {}

  /** A new UUIDv7 for a room. */
  public static String newRoomId(Clock clock) {
    return newId(clock);
  }

  /** A new UUIDv7: 48 bits of milliseconds, then random bits. */
  public static String newId(Clock clock) {
    long millis = clock.millis();
    long high = (millis << 16) | 0x7000L | (RANDOM.nextInt() & 0x0FFFL);
    long low = (RANDOM.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
    return new UUID(high, low).toString();
  }

  /**
   * Characters that URLs give special meaning to, so an id holding one could not be a path segment.
   */
  private static final String RESERVED = "/\\%;?#";

  /**
   * Checks an externally supplied id: 1 to {@code maxLength} printable characters, no whitespace,
   * no control characters (ids are parts of storage keys and STOMP headers), no unpaired surrogate
   * (storage keys are UTF-8, where one becomes {@code ?}, so two such ids would share a key) and
   * none of {@code / \ % ; ? #} (ids are path segments of the REST API).
   */
  public static String require(String field, String value, int maxLength) {
    if (value == null || value.isEmpty()) {
      throw DugoutException.invalid(field, "is required");
    }
    if (value.length() > maxLength) {
      throw DugoutException.invalid(field, "must be at most " + maxLength + " characters");
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c <= ' ' || c == 0x7F || Character.isWhitespace(c) || Character.isISOControl(c)) {
        throw DugoutException.invalid(field, "must not contain whitespace or control characters");
      }
      if (RESERVED.indexOf(c) >= 0) {
        throw DugoutException.invalid(field, "must not contain any of / \\ % ; ? #");
      }
      if (Character.isSurrogate(c)) {
        boolean paired =
            Character.isHighSurrogate(c)
                && i + 1 < value.length()
                && Character.isLowSurrogate(value.charAt(i + 1));
        if (!paired) {
          throw DugoutException.invalid(field, "must not contain an unpaired surrogate");
        }
        i++;
      }
    }
    return value;
  }

  public static String requireUserId(String field, String value) {
    return require(field, value, MAX_USER_ID_LENGTH);
  }
}
