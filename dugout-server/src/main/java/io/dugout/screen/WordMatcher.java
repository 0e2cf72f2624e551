package io.dugout.screen;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds configured words in text: case-insensitively (by simple case folding of each code point, so
 * {@code STRASSE} is not {@code straße} but {@code ΣΟΦΌΣ} is {@code σοφός}) and on word boundaries
 * (no letter, digit, combining mark or connector such as {@code _} right before or after, as for
 * {@code \w} in a Unicode regex), except for words in scripts written without spaces (Han,
 * Hiragana, Katakana, Thai, Lao, Khmer, Myanmar), which match anywhere.
 *
 * <p>why not a library: a trie of folded code points walked from each word start is a few dozen
 * lines, costs at most the longest word's length per start, and keeps the boundary rule and the
 * code-point offsets that masking needs; Aho–Corasick libraries match chars, not folded code
 * points, and would need both bolted on.
 *
 * <p>Immutable and thread-safe.
 */
final class WordMatcher {

  private final Node root = new Node();
  private final boolean empty;

  WordMatcher(List<String> words) {
    for (String word : words) {
      add(word.strip());
    }
    this.empty = root.next.isEmpty();
  }

  boolean isEmpty() {
    return empty;
  }

  /**
   * Marks in {@code hits} (one flag per code point of {@code text}) every code point inside a
   * match; returns whether there was any.
   */
  boolean mark(int[] codePoints, boolean[] hits) {
    boolean any = false;
    for (int start = 0; start < codePoints.length; start++) {
      boolean atBoundary = start == 0 || !wordChar(codePoints[start - 1]);
      Node node = root;
      for (int i = start; i < codePoints.length; i++) {
        node = node.next.get(fold(codePoints[i]));
        if (node == null) {
          break;
        }
        int end = i + 1;
        if (node.word
            && (node.anywhere
                || (atBoundary && (end == codePoints.length || !wordChar(codePoints[end]))))) {
          for (int j = start; j < end; j++) {
            hits[j] = true;
          }
          any = true;
        }
      }
    }
    return any;
  }

  private void add(String word) {
    if (word.isEmpty()) {
      return;
    }
    Node node = root;
    boolean spaceless = true;
    for (int cp : word.codePoints().toArray()) {
      spaceless &= spaceless(cp);
      node = node.next.computeIfAbsent(fold(cp), c -> new Node());
    }
    node.word = true;
    node.anywhere |= spaceless;
  }

  /** Simple case folding of one code point: the same for every case of a letter. */
  static int fold(int cp) {
    return Character.toLowerCase(Character.toUpperCase(cp));
  }

  /** A character that continues a word: a letter, a digit, a combining mark or a connector. */
  static boolean wordChar(int cp) {
    if (Character.isLetterOrDigit(cp)) {
      return true;
    }
    int type = Character.getType(cp);
    return type == Character.NON_SPACING_MARK
        || type == Character.COMBINING_SPACING_MARK
        || type == Character.ENCLOSING_MARK
        || type == Character.CONNECTOR_PUNCTUATION;
  }

  private static boolean spaceless(int cp) {
    var script = Character.UnicodeScript.of(cp);
    return switch (script) {
      case HAN, HIRAGANA, KATAKANA, THAI, LAO, KHMER, MYANMAR -> true;
      default -> false;
    };
  }

  private static final class Node {
    final Map<Integer, Node> next = new HashMap<>(4);
    boolean word;
    boolean anywhere;
  }
}
