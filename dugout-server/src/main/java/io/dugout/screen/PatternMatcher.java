package io.dugout.screen;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Finds matches of configured Java regular expressions, compiled once at startup, case-insensitive
 * and Unicode-aware ({@code \b}, {@code \w} and case follow Unicode).
 *
 * <p>Each pattern reads the text through a budget of {@value #STEPS_PER_CHAR} character reads per
 * character of text (plus {@value #BASE_STEPS}): a pattern that backtracks catastrophically on some
 * text (for example {@code (.*a){12}b} on a long run of {@code a}) spends its budget and stops
 * instead of holding the sending thread. The text is then treated as matching everywhere, so that a
 * message built to exhaust the budget cannot slip past the filter.
 *
 * <p>Immutable and thread-safe.
 */
final class PatternMatcher {

  static final int STEPS_PER_CHAR = 200;
  static final int BASE_STEPS = 10_000;

  private final List<Pattern> patterns;

  PatternMatcher(List<String> sources) {
    this.patterns =
        sources.stream().filter(s -> !s.isBlank()).map(PatternMatcher::compile).toList();
  }

  boolean isEmpty() {
    return patterns.isEmpty();
  }

  /**
   * Marks in {@code hits} (one flag per code point of {@code text}) every code point inside a
   * match; returns whether there was any.
   *
   * @throws BudgetSpent when a pattern spent its budget on this text
   */
  boolean mark(String text, boolean[] hits) {
    boolean any = false;
    for (Pattern pattern : patterns) {
      Matcher matcher = pattern.matcher(new Budgeted(text));
      while (matcher.find()) {
        if (matcher.end() == matcher.start()) {
          continue;
        }
        int from = text.codePointCount(0, matcher.start());
        int to = from + text.codePointCount(matcher.start(), matcher.end());
        for (int i = from; i < to; i++) {
          hits[i] = true;
        }
        any = true;
      }
    }
    return any;
  }

  private static Pattern compile(String source) {
    try {
      return Pattern.compile(
          source,
          Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE | Pattern.UNICODE_CHARACTER_CLASS);
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException(
          "dugout.screen.patterns: not a Java regular expression: " + source, e);
    }
  }

  /** A pattern read more of the text than its budget allows. */
  static final class BudgetSpent extends RuntimeException {
    BudgetSpent() {
      super("a dugout.screen.patterns pattern spent its budget", null, false, false);
    }
  }

  /** The text, counting reads: the regex engine's only way into it. */
  private static final class Budgeted implements CharSequence {

    private final String text;
    private long left;

    Budgeted(String text) {
      this.text = text;
      this.left = BASE_STEPS + (long) STEPS_PER_CHAR * text.length();
    }

    @Override
    public char charAt(int index) {
      if (--left < 0) {
        throw new BudgetSpent();
      }
      return text.charAt(index);
    }

    @Override
    public int length() {
      return text.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      return text.subSequence(start, end);
    }

    @Override
    public String toString() {
      return text;
    }
  }
}
