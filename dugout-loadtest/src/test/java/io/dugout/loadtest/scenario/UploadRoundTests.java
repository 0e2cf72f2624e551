package io.dugout.loadtest.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class UploadRoundTests {

  @Test
  void aSharePicksThatFractionOfTheRoundsSpreadEvenly() {
    assertThat(LongStream.range(0, 12).filter(r -> UploadRound.picks(0.25, r)).toArray())
        .containsExactly(3, 7, 11);
    assertThat(LongStream.range(0, 100).filter(r -> UploadRound.picks(0.1, r)).count())
        .isEqualTo(10);
  }

  @Test
  void shareOnePicksEveryRoundAndZeroNone() {
    assertThat(LongStream.range(0, 50).allMatch(r -> UploadRound.picks(1, r))).isTrue();
    assertThat(LongStream.range(0, 50).noneMatch(r -> UploadRound.picks(0, r))).isTrue();
  }
}
