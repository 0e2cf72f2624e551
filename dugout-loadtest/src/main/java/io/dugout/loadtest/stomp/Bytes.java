package io.dugout.loadtest.stomp;

/**
 * Allocation-free scanning of frame bytes (copied once into a heap array), so decoding a MESSAGE
 * costs little.
 */
public final class Bytes {

  private Bytes() {}

  public static int indexOf(byte[] buf, int from, int to, byte value) {
    for (int i = from; i < to; i++) {
      if (buf[i] == value) {
        return i;
      }
    }
    return -1;
  }

  public static int indexOf(byte[] buf, int from, int to, byte[] needle) {
    int last = to - needle.length;
    outer:
    for (int i = from; i <= last; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (buf[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  public static boolean startsWith(byte[] buf, int from, int to, byte[] prefix) {
    if (to - from < prefix.length) {
      return false;
    }
    for (int j = 0; j < prefix.length; j++) {
      if (buf[from + j] != prefix[j]) {
        return false;
      }
    }
    return true;
  }

  /** Parses the non-negative integer right after {@code key}, or returns -1. */
  public static long longAfter(byte[] buf, int from, int to, byte[] key) {
    int at = indexOf(buf, from, to, key);
    if (at < 0) {
      return -1;
    }
    int i = at + key.length;
    while (i < to && buf[i] == ' ') {
      i++;
    }
    long value = 0;
    int start = i;
    for (; i < to; i++) {
      byte b = buf[i];
      if (b < '0' || b > '9') {
        break;
      }
      value = value * 10 + (b - '0');
    }
    return i == start ? -1 : value;
  }

  /** The JSON string value right after {@code key} (which ends with the opening quote), or null. */
  public static String stringAfter(byte[] buf, int from, int to, byte[] key) {
    int at = indexOf(buf, from, to, key);
    if (at < 0) {
      return null;
    }
    int start = at + key.length;
    int end = indexOf(buf, start, to, (byte) '"');
    return end < 0
        ? null
        : new String(buf, start, end - start, java.nio.charset.StandardCharsets.UTF_8);
  }
}
