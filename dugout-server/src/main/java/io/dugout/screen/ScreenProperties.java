package io.dugout.screen;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The word filter ({@code dugout.screen.*}); off while both lists are empty. One list for every
 * language: Dugout does not know a sender's language.
 *
 * @param words words refused or masked, matched whole and case-insensitively ({@link WordMatcher})
 * @param patterns Java regular expressions refused or masked wherever they match ({@link
 *     PatternMatcher}); one that does not compile stops startup
 * @param action what a match does: {@code reject} the message ({@code content_refused}) or {@code
 *     mask} each matched character with {@code *}
 */
@ConfigurationProperties("dugout.screen")
public record ScreenProperties(
    @DefaultValue List<String> words,
    @DefaultValue List<String> patterns,
    @DefaultValue("reject") Action action) {

  /** What a match does. */
  public enum Action {
    REJECT,
    MASK
  }

  /** Whether the filter has anything to look for. */
  boolean enabled() {
    return words.stream().anyMatch(w -> !w.isBlank())
        || patterns.stream().anyMatch(p -> !p.isBlank());
  }
}
