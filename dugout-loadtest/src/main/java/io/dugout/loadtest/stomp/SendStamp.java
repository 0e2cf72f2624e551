package io.dugout.loadtest.stomp;

/**
 * Who sent a message and when, carried in its {@code clientMsgId} as {@code
 * lt-<sender>-<counter>-<nanos>} so every receiver can compute the latency without a clock of its
 * own. Nanos count from this JVM's {@link #now() origin}: sender and receivers share one monotonic
 * clock because they share one process.
 */
public record SendStamp(int sender, long counter, long sentNanos) {

  private static final long ORIGIN = System.nanoTime();

  private static final byte[] KEY = "\"clientMsgId\":\"".getBytes();

  private static final byte[] PREFIX = "lt-".getBytes();

  /** Monotonic nanoseconds since the tool started; always positive. */
  public static long now() {
    return System.nanoTime() - ORIGIN;
  }

  public String clientMsgId() {
    return "lt-" + sender + '-' + counter + '-' + sentNanos;
  }

  /**
   * Parses the stamp in the first {@code clientMsgId} of a JSON message body, or returns null when
   * that one is no stamp. why: only the first is the entry's own; a change to a message carries its
   * target further on, with the target's {@code clientMsgId}, which must not pass for the change's.
   */
  public static SendStamp find(byte[] body, int from, int to) {
    int at = Bytes.indexOf(body, from, to, KEY);
    if (at < 0 || !Bytes.startsWith(body, at + KEY.length, to, PREFIX)) {
      return null;
    }
    int i = at + KEY.length + PREFIX.length;
    long[] parts = new long[3];
    for (int part = 0; part < 3; part++) {
      long value = 0;
      int start = i;
      while (i < to) {
        byte b = body[i];
        if (b < '0' || b > '9') {
          break;
        }
        value = value * 10 + (b - '0');
        i++;
      }
      if (i == start || i >= to) {
        return null;
      }
      byte separator = body[i++];
      if (separator != (part < 2 ? '-' : '"')) {
        return null;
      }
      parts[part] = value;
    }
    return new SendStamp((int) parts[0], parts[1], parts[2]);
  }
}
