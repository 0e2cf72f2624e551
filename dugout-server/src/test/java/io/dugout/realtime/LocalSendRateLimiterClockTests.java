package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The local limiter's exact arithmetic, on a clock the test moves; what every limiter does is in
 * {@link SendRateLimitContract}.
 */
class LocalSendRateLimiterClockTests {

  private final AtomicLong now = new AtomicLong(1_000_000_000L);
  private final LocalSendRateLimiter limiter = new LocalSendRateLimiter(5, 5, now::get);

  @Test
  void refillsOneSendExactlyOneFifthOfASecondAfterTheBurst() {
    assertThat(takes("alice", 20)).isEqualTo(5);
    now.addAndGet(199_000_000L);
    assertThat(takes("alice", 1)).isZero();
    now.addAndGet(1_000_000L);
    assertThat(takes("alice", 1)).isEqualTo(1);
  }

  @Test
  void startsAUserAfreshAfterForget() {
    assertThat(takes("alice", 20)).isEqualTo(5);
    limiter.forget("alice");
    assertThat(takes("alice", 20)).isEqualTo(5);
  }

  private int takes(String userId, int attempts) {
    int allowed = 0;
    for (int i = 0; i < attempts; i++) {
      if (limiter.tryAcquire(userId)) {
        allowed++;
      }
    }
    return allowed;
  }
}
