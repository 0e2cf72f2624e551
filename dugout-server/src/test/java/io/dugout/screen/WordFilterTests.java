package io.dugout.screen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.message.MessageKind;
import io.dugout.message.MessageScreen.Action;
import io.dugout.message.MessageScreen.Candidate;
import io.dugout.message.MessageScreen.Verdict;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The word filter on its own: what matches, what does not, and what masking leaves. */
class WordFilterTests {

  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

  @Test
  void masksAWholeWordWhateverItsCase() {
    var filter = masking(List.of("scam"), List.of());

    assertThat(text(filter, "This is a SCAM, a Scam and a scam."))
        .isEqualTo("This is a ****, a **** and a ****.");
  }

  @Test
  void leavesAWordInsideALongerWordAlone() {
    var filter = masking(List.of("ass", "scam"), List.of());

    assertThat(screen(filter, "a classic assessment of scammers").action()).isEqualTo(Action.ALLOW);
    assertThat(text(filter, "ass-ass_ass 9ass"))
        .as("hyphens end words; _ and digits do not, as in \\w")
        .isEqualTo("***-ass_ass 9ass");
  }

  @Test
  void matchesLettersOfEveryScriptAndCaseOnUnicodeBoundaries() {
    var filter = masking(List.of("σοφός", "dummkopf", "дурак", "바보"), List.of());

    assertThat(text(filter, "ΣΟΦΌΣ! Dummkopf? ДУРАК.")).isEqualTo("*****! ********? *****.");
    assertThat(text(filter, "너 바보 아니야")).isEqualTo("너 ** 아니야");
    assertThat(screen(filter, "바보야").action())
        .as("Korean particles attach to words: a pattern covers them")
        .isEqualTo(Action.ALLOW);
    assertThat(screen(filter, "durakдурак").action())
        .as("a letter of another script still continues the word")
        .isEqualTo(Action.ALLOW);
  }

  @Test
  void matchesWordsOfScriptsWithoutSpacesAnywhere() {
    var filter = masking(List.of("詐欺"), List.of());

    assertThat(text(filter, "これは詐欺です")).isEqualTo("これは**です");
  }

  @Test
  void masksOneAsteriskPerCodePointNotPerChar() {
    var filter = masking(List.of("𝔰𝔠𝔞𝔪", "cafe\u0301"), List.of());

    String masked = text(filter, "a 𝔰𝔠𝔞𝔪 and a cafe\u0301!");

    assertThat(masked).isEqualTo("a **** and a *****!");
    assertThat(masked.codePointCount(0, masked.length()))
        .isEqualTo("a 𝔰𝔠𝔞𝔪 and a cafe\u0301!".codePoints().count());
  }

  @Test
  void aCombiningMarkAfterAWordContinuesIt() {
    var filter = masking(List.of("cafe"), List.of());

    assertThat(screen(filter, "un cafe\u0301").action()).isEqualTo(Action.ALLOW);
    assertThat(text(filter, "un cafe.")).isEqualTo("un ****.");
  }

  @Test
  void masksEveryMatchOfAPatternCaseInsensitively() {
    var filter = masking(List.of(), List.of("\\d{3}-\\d{4}-\\d{4}", "바보\\p{L}*", "kakao\\s*id"));

    assertThat(text(filter, "call 010-1234-5678 or KakaoID me"))
        .isEqualTo("call ************* or ******* me");
    assertThat(text(filter, "바보야 안녕")).isEqualTo("*** 안녕");
  }

  @Test
  void wordsAndPatternsTogetherMaskTheUnionOfTheirMatches() {
    var filter = masking(List.of("free"), List.of("money+"));

    assertThat(text(filter, "free moneyyy now")).isEqualTo("**** ******* now");
  }

  @Test
  void refusesWithAReasonThatNamesNoWord() {
    var filter =
        new WordFilter(
            new ScreenProperties(List.of("scam"), List.of(), ScreenProperties.Action.REJECT),
            meters);

    var verdict = screen(filter, "total scam");

    assertThat(verdict.action()).isEqualTo(Action.REFUSE);
    assertThat(verdict.reason()).isEqualTo(WordFilter.REASON).doesNotContain("scam");
    assertThat(screen(filter, "total scampi").action()).isEqualTo(Action.ALLOW);
    assertThat(meters.counter("dugout.screen.filtered", "outcome", "refused").count()).isEqualTo(1);
  }

  @Test
  void allowsCleanTextWithoutReplacingIt() {
    var filter = masking(List.of("scam"), List.of("x{3}"));

    assertThat(screen(filter, "all good here")).isSameAs(Verdict.ALLOW);
    assertThat(screen(filter, "")).isSameAs(Verdict.ALLOW);
  }

  @Test
  void aPatternThatBacktracksCatastrophicallyStopsAndCountsAsAMatch() {
    var filter =
        new WordFilter(
            new ScreenProperties(List.of(), List.of("(.*a){12}b"), ScreenProperties.Action.REJECT),
            meters);

    var verdict = screen(filter, "a".repeat(40));

    assertThat(verdict.action()).isEqualTo(Action.REFUSE);
    assertThat(meters.counter("dugout.screen.pattern.budget.spent").count()).isEqualTo(1);
    assertThat(screen(filter, "b".repeat(40)).action()).isEqualTo(Action.ALLOW);
  }

  @Test
  void aPatternThatDoesNotCompileStopsStartupNamingIt() {
    assertThatThrownBy(() -> masking(List.of(), List.of("(unclosed")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("dugout.screen.patterns")
        .hasMessageContaining("(unclosed");
  }

  @Test
  void blankEntriesAreIgnored() {
    assertThat(
            new ScreenProperties(List.of(" "), List.of(""), ScreenProperties.Action.MASK).enabled())
        .isFalse();
    assertThat(text(masking(List.of(" ", "scam "), List.of()), "a scam")).isEqualTo("a ****");
  }

  private WordFilter masking(List<String> words, List<String> patterns) {
    return new WordFilter(
        new ScreenProperties(words, patterns, ScreenProperties.Action.MASK), meters);
  }

  private static Verdict screen(WordFilter filter, String content) {
    return filter.screen(
        new Candidate(
            "room", "alice", MessageKind.TEXT, content, List.of(), List.of(), null, "c1", 0));
  }

  private static String text(WordFilter filter, String content) {
    var verdict = screen(filter, content);
    assertThat(verdict.action()).as(content).isEqualTo(Action.REPLACE);
    return verdict.content();
  }
}
