package io.dugout.push;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every {@link PushDeadLetters} adapter must do; an adapter's test only opens a list. */
public abstract class PushDeadLettersContract {

  protected static final Instant T0 = Instant.parse("2026-12-01T04:00:00.123456Z");

  protected PushDeadLetters letters;

  protected abstract PushDeadLetters openEmpty() throws Exception;

  /** The same list, closed and opened again (in a cluster: as another node opens it). */
  protected abstract PushDeadLetters reopen() throws Exception;

  protected void close() throws Exception {}

  @BeforeEach
  void open() throws Exception {
    letters = openEmpty();
  }

  @AfterEach
  void closeLetters() throws Exception {
    close();
  }

  /** Ids as UUIDv7 sort: {@code n} orders them. */
  private static PushDeadLetter letter(int n) {
    return new PushDeadLetter(
        "0190a000-0000-7000-8000-%012d".formatted(n),
        "n" + n,
        "bob",
        "pixel",
        "fcm",
        3,
        "HTTP 500: internal",
        T0,
        T0.plusSeconds(600 + n));
  }

  @Test
  void keepsLettersAcrossAReopenNewestFirst() throws Exception {
    letters.add(letter(1), 10);
    letters.add(letter(3), 10);
    letters.add(letter(2), 10);

    letters = reopen();

    assertThat(letters.newest(10)).containsExactly(letter(3), letter(2), letter(1));
    assertThat(letters.newest(2)).containsExactly(letter(3), letter(2));
    assertThat(letters.size()).isEqualTo(3);
  }

  @Test
  void dropsTheOldestBeyondCapacityAndCountsThem() throws Exception {
    for (int n = 1; n <= 5; n++) {
      letters.add(letter(n), 3);
    }

    assertThat(letters.newest(10)).containsExactly(letter(5), letter(4), letter(3));
    assertThat(letters.size()).isEqualTo(3);
    assertThat(letters.evicted()).isEqualTo(2);

    letters = reopen();
    letters.add(letter(6), 3);

    assertThat(letters.newest(10)).containsExactly(letter(6), letter(5), letter(4));
    assertThat(letters.evicted()).isEqualTo(3);
  }

  @Test
  void aSmallerCapacityTrimsDownToIt() {
    for (int n = 1; n <= 4; n++) {
      letters.add(letter(n), 10);
    }

    letters.add(letter(5), 2);

    assertThat(letters.newest(10)).containsExactly(letter(5), letter(4));
    assertThat(letters.evicted()).isEqualTo(3);
  }

  @Test
  void removesALetterIdempotently() throws Exception {
    letters.add(letter(1), 10);
    letters.add(letter(2), 10);

    assertThat(letters.remove(letter(1).id())).isTrue();
    assertThat(letters.remove(letter(1).id())).isFalse();
    assertThat(letters.remove("never-added")).isFalse();

    letters = reopen();
    assertThat(letters.newest(10)).containsExactly(letter(2));
    assertThat(letters.size()).isEqualTo(1);
    assertThat(letters.evicted()).isZero();
  }

  @Test
  void anEmptyListAnswersNothing() {
    assertThat(letters.newest(10)).isEmpty();
    assertThat(letters.size()).isZero();
    assertThat(letters.evicted()).isZero();
  }
}
