package io.dugout.notification.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.RepeatedTest;

class BackoffTests {

  private final Backoff backoff = new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(30));

  @RepeatedTest(20)
  void doublesEachTimeWithJitterInTheUpperHalfUpToTheMaximum() {
    assertThat(backoff.after(1, null)).isBetween(Duration.ofMillis(500), Duration.ofSeconds(1));
    assertThat(backoff.after(3, null)).isBetween(Duration.ofSeconds(2), Duration.ofSeconds(4));
    assertThat(backoff.after(6, null)).isBetween(Duration.ofSeconds(15), Duration.ofSeconds(30));
    assertThat(backoff.after(200, null)).isBetween(Duration.ofSeconds(15), Duration.ofSeconds(30));
  }

  @RepeatedTest(5)
  void honoursALongerRetryAfterUpToTheMaximum() {
    assertThat(backoff.after(1, Duration.ofSeconds(7))).isEqualTo(Duration.ofSeconds(7));
    assertThat(backoff.after(1, Duration.ofHours(1))).isEqualTo(Duration.ofSeconds(30));
  }
}
