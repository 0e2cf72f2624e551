package io.dugout.screen;

import io.dugout.message.MessageScreen;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The configured words and patterns: a message or edit that contains one is refused ({@code
 * reject}) or has each matched character replaced by one {@code *} per code point ({@code mask}).
 * The refusal names no word, so that a sender learns nothing to spell around beyond the text they
 * wrote. Pure computation: it never waits.
 */
final class WordFilter implements MessageScreen {

  static final String REASON = "the message contains words that are not allowed here";
  private static final Logger log = LoggerFactory.getLogger(WordFilter.class);
  private static final long WARN_EVERY = Duration.ofMinutes(1).toNanos();

  private final WordMatcher words;
  private final PatternMatcher patterns;
  private final ScreenProperties.Action action;
  private final Counter refused;
  private final Counter masked;
  private final Counter budgetSpent;
  private final AtomicLong lastWarning = new AtomicLong(System.nanoTime() - WARN_EVERY);

  WordFilter(ScreenProperties properties, MeterRegistry registry) {
    this.words = new WordMatcher(properties.words());
    this.patterns = new PatternMatcher(properties.patterns());
    this.action = properties.action();
    this.refused = filtered(registry, "refused");
    this.masked = filtered(registry, "masked");
    this.budgetSpent =
        Counter.builder("dugout.screen.pattern.budget.spent")
            .description("messages on which a dugout.screen.patterns pattern spent its budget")
            .register(registry);
  }

  @Override
  public Verdict screen(Candidate candidate) {
    String text = candidate.content();
    if (text.isEmpty()) {
      return Verdict.ALLOW;
    }
    int[] codePoints = text.codePoints().toArray();
    boolean[] hits = new boolean[codePoints.length];
    boolean any = words.mark(codePoints, hits);
    try {
      any |= patterns.mark(text, hits);
    } catch (PatternMatcher.BudgetSpent e) {
      spent();
      Arrays.fill(hits, true);
      any = true;
    }
    if (!any) {
      return Verdict.ALLOW;
    }
    if (action == ScreenProperties.Action.REJECT) {
      refused.increment();
      return Verdict.refuse(REASON);
    }
    masked.increment();
    return Verdict.replace(mask(codePoints, hits));
  }

  private static String mask(int[] codePoints, boolean[] hits) {
    var out = new StringBuilder(codePoints.length);
    for (int i = 0; i < codePoints.length; i++) {
      if (hits[i]) {
        out.append('*');
      } else {
        out.appendCodePoint(codePoints[i]);
      }
    }
    return out.toString();
  }

  private void spent() {
    budgetSpent.increment();
    long now = System.nanoTime();
    long last = lastWarning.get();
    if (now - last >= WARN_EVERY && lastWarning.compareAndSet(last, now)) {
      log.warn(
          "A dugout.screen.patterns pattern spent its budget on a message, which was treated as"
              + " matching: look for a pattern that backtracks (nested quantifiers such as (a+)+)");
    }
  }

  private static Counter filtered(MeterRegistry registry, String outcome) {
    return Counter.builder("dugout.screen.filtered")
        .description("messages and edits the word filter refused or masked")
        .tag("outcome", outcome)
        .register(registry);
  }
}
