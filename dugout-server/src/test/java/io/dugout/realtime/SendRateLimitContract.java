package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every {@link SendRateLimit} must have: its Javadoc, sentence by sentence. An
 * adapter's test class only says how to make a limiter; every test uses users of its own.
 */
public abstract class SendRateLimitContract {

  /** why: one refill per 1000 s keeps counts exact for a test's few seconds */
  private static final double NO_REFILL = 0.001;

  /** A limiter of {@code messagesPerSecond} sustained, up to {@code messageBurst} at once. */
  protected abstract SendRateLimit limiter(double messagesPerSecond, int messageBurst);

  @Test
  void allowsTheBurstAtOnceThenRefuses() {
    var limit = limiter(NO_REFILL, 4);
    String alice = user();
    assertThat(takes(limit, alice, 10)).isEqualTo(4);
    assertThat(limit.tryAcquire(alice)).isFalse();
  }

  @Test
  void givesEveryUserAnAllowanceOfTheirOwn() {
    var limit = limiter(NO_REFILL, 3);
    String alice = user();
    String bob = user();
    assertThat(takes(limit, alice, 10)).isEqualTo(3);
    assertThat(takes(limit, bob, 10)).isEqualTo(3);
  }

  @Test
  void refillsAtTheSustainedRateUpToTheBurstOnly() {
    var limit = limiter(20, 2);
    String alice = user();
    // why: measured from before the first take, the next token cannot come sooner than 50 ms
    long started = System.nanoTime();
    assertThat(takes(limit, alice, 3)).isEqualTo(2);
    Waits.until(() -> limit.tryAcquire(alice), Duration.ofSeconds(5), "one send's refill");
    assertThat(Duration.ofNanos(System.nanoTime() - started))
        .as("one send refills in 50 ms, not at once")
        .isGreaterThanOrEqualTo(Duration.ofMillis(45));
    // why: 300 ms refill six sends' worth at 20/s, but the bucket holds the burst only
    Waits.sleep(Duration.ofMillis(300));
    assertThat(takes(limit, alice, 10)).isEqualTo(2);
  }

  @Test
  void countsEverySendOnceUnderConcurrentTries() throws Exception {
    var limit = limiter(NO_REFILL, 50);
    String alice = user();
    var allowed = new AtomicInteger();
    var start = new CountDownLatch(1);
    try (var pool = Executors.newFixedThreadPool(8)) {
      for (int t = 0; t < 8; t++) {
        pool.submit(
            () -> {
              start.await();
              allowed.addAndGet(takes(limit, alice, 20));
              return null;
            });
      }
      start.countDown();
    }
    assertThat(allowed).as("160 tries, a burst of 50").hasValue(50);
  }

  @Test
  void forgettingAUserLeavesOtherUsersAllowancesAlone() {
    var limit = limiter(NO_REFILL, 2);
    String alice = user();
    String bob = user();
    takes(limit, alice, 2);
    takes(limit, bob, 2);

    limit.forget(alice);
    limit.forget(user()); // never seen: nothing to forget, nothing thrown

    assertThat(limit.tryAcquire(bob)).isFalse();
  }

  private static int takes(SendRateLimit limit, String userId, int tries) {
    int allowed = 0;
    for (int i = 0; i < tries; i++) {
      if (limit.tryAcquire(userId)) {
        allowed++;
      }
    }
    return allowed;
  }

  private static String user() {
    return "u-" + UUID.randomUUID();
  }
}
