package io.dugout.realtime;

/**
 * The {@code heart-beat} header of a CONNECT frame: every how many milliseconds the client can send
 * heart-beats and wants to get them, 0 meaning never.
 *
 * @param clientSends the client's {@code cx}: it sends something at least this often
 * @param clientWants the client's {@code cy}: it wants something from the server this often
 */
record HeartBeat(long clientSends, long clientWants) {

  /** What a client gets for a header that {@link #parse} refuses. */
  static final String INVALID =
      "heart-beat must be two non-negative integers, e.g. 10000,10000"
          + " (milliseconds, each at most 2147483647)";

  private static final HeartBeat NONE = new HeartBeat(0, 0);

  /**
   * The header's value ({@code cx,cy}); no header means no heart-beats; null when the value is not
   * two integers from 0 to {@link Integer#MAX_VALUE} (bigger ones would overflow the server's
   * arithmetic on intervals and are no use to anybody).
   */
  static HeartBeat parse(String header) {
    if (header == null) {
      return NONE;
    }
    int comma = header.indexOf(',');
    if (comma < 0) {
      return null;
    }
    long sends = millis(header.substring(0, comma));
    long wants = millis(header.substring(comma + 1));
    return sends < 0 || wants < 0 ? null : new HeartBeat(sends, wants);
  }

  /** The number, or -1 when it is not one from 0 to {@link Integer#MAX_VALUE}. */
  private static long millis(String text) {
    String digits = text.strip();
    if (digits.isEmpty()
        || digits.length() > 18
        || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
      return -1;
    }
    long value = Long.parseLong(digits);
    return value <= Integer.MAX_VALUE ? value : -1;
  }
}
