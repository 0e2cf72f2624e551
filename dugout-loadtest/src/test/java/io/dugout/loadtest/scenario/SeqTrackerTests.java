package io.dugout.loadtest.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.loadtest.scenario.SeqTracker.Verdict;
import org.junit.jupiter.api.Test;

class SeqTrackerTests {

  private final SeqTracker tracker = new SeqTracker();

  @Test
  void acceptsIncreasingSeqsWithOrWithoutGaps() {
    assertThat(tracker.accept(1)).isEqualTo(Verdict.IN_ORDER);
    assertThat(tracker.accept(2)).isEqualTo(Verdict.IN_ORDER);
    assertThat(tracker.accept(5)).isEqualTo(Verdict.IN_ORDER);
  }

  @Test
  void tellsALateDeliveryFromARepeatedOne() {
    tracker.accept(1);
    tracker.accept(3);

    assertThat(tracker.accept(2)).isEqualTo(Verdict.OUT_OF_ORDER);
    assertThat(tracker.accept(2)).isEqualTo(Verdict.DUPLICATE);
    assertThat(tracker.accept(3)).isEqualTo(Verdict.DUPLICATE);
  }

  @Test
  void forgetsNothingInsideTheWindowAfterItWraps() {
    for (long seq = 1; seq <= 3 * SeqTracker.WINDOW; seq += 2) {
      assertThat(tracker.accept(seq)).isEqualTo(Verdict.IN_ORDER);
    }
    long highest = 3 * SeqTracker.WINDOW - 1;
    assertThat(tracker.accept(highest - 1)).isEqualTo(Verdict.OUT_OF_ORDER);
    assertThat(tracker.accept(highest - 2)).isEqualTo(Verdict.DUPLICATE);
    assertThat(tracker.accept(highest - SeqTracker.WINDOW)).isEqualTo(Verdict.DUPLICATE);
  }
}
