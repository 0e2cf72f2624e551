package io.dugout.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.auth.Caller;
import io.dugout.system.DugoutException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** The per-user rate of upload slots, on a clock the test moves. */
class UploadRateTests {

  private final SteppedClock clock = new SteppedClock();

  /** A clock that stands still until the test moves it. */
  private static final class SteppedClock extends Clock {
    private volatile Instant now = Instant.parse("2026-11-22T04:00:00Z");

    void advance(Duration by) {
      now = now.plus(by);
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      throw new UnsupportedOperationException();
    }
  }

  private static FileProperties properties(int perMinute, int burst) {
    var source =
        new MapConfigurationPropertySource(
            Map.of("dugout.files.upload-rate", perMinute, "dugout.files.upload-burst", burst));
    return new Binder(source).bindOrCreate("dugout.files", FileProperties.class);
  }

  @Test
  void refusesASlotOverTheBurstUntilTheRateRefillsIt() {
    var rate = new UploadRate(properties(60, 3), clock);
    Caller alice = Caller.user("alice");
    for (int i = 0; i < 3; i++) {
      rate.acquire(alice);
    }

    assertThatThrownBy(() -> rate.acquire(alice))
        .isInstanceOfSatisfying(
            DugoutException.class,
            e -> {
              assertThat(e.status().value()).isEqualTo(429);
              assertThat(e.code()).isEqualTo("rate_limited");
            });
    assertThatCode(() -> rate.acquire(Caller.user("bob")))
        .as("another user has their own allowance")
        .doesNotThrowAnyException();

    clock.advance(Duration.ofSeconds(1));
    assertThatCode(() -> rate.acquire(alice)).doesNotThrowAnyException();
    assertThatThrownBy(() -> rate.acquire(alice)).isInstanceOf(DugoutException.class);
  }

  @Test
  void zeroMeansNoLimitAndServiceTokensAreNotLimited() {
    var unlimited = new UploadRate(properties(0, 1), clock);
    var limited = new UploadRate(properties(60, 1), clock);
    for (int i = 0; i < 100; i++) {
      unlimited.acquire(Caller.user("alice"));
      limited.acquire(new Caller("backend", true));
    }

    limited.acquire(Caller.user("alice"));
    assertThatThrownBy(() -> limited.acquire(Caller.user("alice")))
        .isInstanceOf(DugoutException.class);
  }
}
