package io.dugout.message;

import java.util.ArrayList;
import java.util.List;

/**
 * The entries a page's changes and replies name outside the page, each seq once, with the stored
 * JSON found for each. why: a page names a handful; arrays searched in order cost less than a set
 * and a map of boxed seqs, which were about a tenth of rendering a page with replies. Not
 * thread-safe: one page's.
 */
final class NamedEntries {

  private final long[] seqs;
  private final byte[][] found;
  private int count;

  /**
   * @param most the most seqs the page can name (its length)
   */
  NamedEntries(int most) {
    this.seqs = new long[most];
    this.found = new byte[most][];
  }

  /** Names {@code seq}, unless it is named already. */
  void name(long seq) {
    if (indexOf(seq) < 0) {
      seqs[count++] = seq;
    }
  }

  boolean isEmpty() {
    return count == 0;
  }

  /** The named seqs, to read. */
  List<Long> seqs() {
    var named = new ArrayList<Long>(count);
    for (int i = 0; i < count; i++) {
      named.add(seqs[i]);
    }
    return named;
  }

  /** The stored JSON read for a named seq; ignored for a seq not named. */
  void found(long seq, byte[] json) {
    int i = indexOf(seq);
    if (i >= 0) {
      found[i] = json;
    }
  }

  /** The JSON found for {@code seq}; null when none was (or it was not named). */
  byte[] get(long seq) {
    int i = indexOf(seq);
    return i < 0 ? null : found[i];
  }

  private int indexOf(long seq) {
    for (int i = 0; i < count; i++) {
      if (seqs[i] == seq) {
        return i;
      }
    }
    return -1;
  }
}
