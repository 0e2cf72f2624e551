package io.dugout.loadtest.scenario;

/**
 * Checks one subscriber's view of a room's order: remembers the highest seq and which of the
 * {@value #WINDOW} seqs below it were seen, so it tells a duplicate (seen before) from a late,
 * out-of-order delivery. Not thread-safe: one tracker per session, used on its I/O thread.
 */
final class SeqTracker {

  static final int WINDOW = 1024;

  enum Verdict {

    /** The next seq or a later one (a gap means the ones in between are late or lost). */
    IN_ORDER,
    /** Below the highest seq seen, but never seen before: delivered, in the wrong order. */
    OUT_OF_ORDER,
    /** Seen before, or too old to tell: not counted again. */
    DUPLICATE
  }

  private final long[] seen = new long[WINDOW / 64];

  private long highest;

  Verdict accept(long seq) {
    if (seq > highest) {
      for (long s = Math.max(highest + 1, seq - WINDOW + 1); s < seq; s++) {
        clear(s);
      }
      highest = seq;
      set(seq);
      return Verdict.IN_ORDER;
    }
    if (seq <= highest - WINDOW || isSet(seq)) {
      return Verdict.DUPLICATE;
    }
    set(seq);
    return Verdict.OUT_OF_ORDER;
  }

  private void set(long seq) {
    int bit = (int) (seq % WINDOW);
    seen[bit >>> 6] |= 1L << (bit & 63);
  }

  private void clear(long seq) {
    int bit = (int) (seq % WINDOW);
    seen[bit >>> 6] &= ~(1L << (bit & 63));
  }

  private boolean isSet(long seq) {
    int bit = (int) (seq % WINDOW);
    return (seen[bit >>> 6] & (1L << (bit & 63))) != 0;
  }
}
