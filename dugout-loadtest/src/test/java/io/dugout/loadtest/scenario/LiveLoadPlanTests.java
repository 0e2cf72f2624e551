package io.dugout.loadtest.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class LiveLoadPlanTests {

  private static LivePlan plan(Duration warmUp) {
    return new LivePlan(
        List.of("a", "b"),
        List.of("room"),
        new int[] {0, 0},
        2,
        10,
        false,
        Duration.ofSeconds(30),
        warmUp,
        Duration.ofSeconds(3),
        Duration.ofSeconds(4),
        "hello",
        new SendMix.Shares(0.1, 0.2));
  }

  @Test
  void theGeneratorWarmUpBeginsUnmeasuredForTheRunsWarmUpAndThenMeasures() {
    var warmUp = plan(Duration.ofSeconds(5)).sendingFor(Duration.ofSeconds(20));

    assertThat(warmUp.warmUp()).isEqualTo(Duration.ofSeconds(5));
    assertThat(warmUp.duration()).as("20 s sent in all").isEqualTo(Duration.ofSeconds(15));
    assertThat(warmUp.rate()).isEqualTo(10);
    assertThat(warmUp.rampUp()).isEqualTo(Duration.ofSeconds(3));
    assertThat(warmUp.shares()).as("the same mix").isEqualTo(new SendMix.Shares(0.1, 0.2));
  }

  @Test
  void aLongRunWarmUpLeavesHalfOfTheGeneratorWarmUpMeasured() {
    var warmUp = plan(Duration.ofSeconds(30)).sendingFor(Duration.ofSeconds(20));

    assertThat(warmUp.warmUp()).isEqualTo(Duration.ofSeconds(10));
    assertThat(warmUp.duration()).isEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void aRunWithoutWarmUpGivesAGeneratorWarmUpMeasuredThroughout() {
    var warmUp = plan(Duration.ZERO).sendingFor(Duration.ofSeconds(20));

    assertThat(warmUp.warmUp()).isEqualTo(Duration.ZERO);
    assertThat(warmUp.duration()).isEqualTo(Duration.ofSeconds(20));
  }
}
