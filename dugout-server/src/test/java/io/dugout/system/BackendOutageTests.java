package io.dugout.system;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * A backend's outage as a node records it: one WARN line when it begins and one INFO line when it
 * ends however many calls fail, one caller at a time let through to try again, at intervals that
 * double up to a cap, and the outage counter and gauge an operator watches.
 */
@ExtendWith(OutputCaptureExtension.class)
class BackendOutageTests {

  private static final RuntimeException REFUSED =
      new IllegalStateException("Unable to connect. A long driver message follows", null);

  private final BackendOutage outage =
      new BackendOutage(
          "Redis",
          "Redis at 127.0.0.1:6379",
          "history is read from the store",
          Duration.ofMillis(100),
          Duration.ofMillis(400));

  @Test
  void logsOneWarningWhenAnOutageBeginsAndOneLineWhenItEndsHoweverManyCallsFail(
      CapturedOutput output) {
    for (int i = 0; i < 500; i++) {
      outage.failed(REFUSED);
    }
    outage.succeeded();
    for (int i = 0; i < 500; i++) {
      outage.succeeded();
    }

    assertThat(lines(output, "Redis at 127.0.0.1:6379 is unreachable")).hasSize(1);
    assertThat(lines(output, "Redis at 127.0.0.1:6379 is unreachable").getFirst())
        .contains("WARN")
        .contains("IllegalStateException (Unable to connect)")
        .contains("history is read from the store")
        .doesNotContain("A long driver message");
    assertThat(lines(output, "Redis at 127.0.0.1:6379 answers again")).hasSize(1);
    assertThat(lines(output, "Redis at 127.0.0.1:6379 answers again").getFirst())
        .contains("INFO")
        .contains("500 failures meanwhile");
  }

  @Test
  void letsOneCallerTryAtATimeAndDoublesTheWaitAfterEachFailedTryUpToTheCap() {
    assertThat(outage.tryNow()).as("while the backend answers").isTrue();
    outage.failed(REFUSED);
    assertThat(outage.tryNow()).as("at once after the failure").isFalse();

    var tries = new ArrayList<Long>();
    long began = System.nanoTime();
    while (tries.size() < 5 && System.nanoTime() - began < Duration.ofSeconds(30).toNanos()) {
      if (outage.tryNow()) {
        tries.add(System.nanoTime());
        assertThat(outage.tryNow()).as("a second caller meanwhile").isFalse();
        outage.failed(REFUSED);
      }
      Waits.sleep(Duration.ofMillis(5));
    }

    assertThat(tries).hasSize(5);
    var waits = new ArrayList<Long>();
    long last = began;
    for (long at : tries) {
      waits.add(Duration.ofNanos(at - last).toMillis());
      last = at;
    }
    // 100, 200, 400 (the cap), 400, 400 ms; the box may add to each, never take away
    assertThat(waits.get(0)).isBetween(100L, 5_000L);
    assertThat(waits.get(1)).isBetween(200L, 5_000L);
    assertThat(waits.get(2)).isBetween(400L, 5_000L);
    assertThat(waits.get(3)).isBetween(400L, 5_000L);
    assertThat(waits.get(4)).isBetween(400L, 5_000L);

    outage.succeeded();
    assertThat(outage.tryNow()).as("once the backend answers again").isTrue();
  }

  @Test
  void callsAlreadyUnderWayWhenTheOutageBeginsDoNotLengthenTheWait() {
    var slowCap =
        new BackendOutage("redis", "Redis", "-", Duration.ofMillis(100), Duration.ofSeconds(5));
    long lastFailure = 0;
    for (int i = 0; i < 800; i++) {
      slowCap.failed(new ConnectException("Connection refused"));
      lastFailure = System.nanoTime();
    }

    Waits.until(slowCap::tryNow, Duration.ofSeconds(30), "the first retry");
    // the first retry's wait (100 ms), not one that 800 failures had doubled to the cap (5 s)
    assertThat(Duration.ofNanos(System.nanoTime() - lastFailure)).isLessThan(Duration.ofSeconds(2));
  }

  @Test
  void aRefusalIsNoOutageButProvesTheBackendReachable(CapturedOutput output) {
    var refusing =
        new BackendOutage(
            "redis",
            "Redis",
            "-",
            Duration.ofMillis(100),
            Duration.ofMillis(400),
            failure -> !(failure instanceof UnsupportedOperationException));
    for (int i = 0; i < 50; i++) {
      refusing.failed(new UnsupportedOperationException("NOPERM no permissions"));
    }
    assertThat(refusing.down()).isFalse();
    assertThat(refusing.outages()).isZero();
    assertThat(lines(output, "Redis refused a call")).singleElement().asString().contains("NOPERM");

    refusing.failed(REFUSED);
    assertThat(refusing.down()).isTrue();
    refusing.failed(new UnsupportedOperationException("OOM command not allowed"));
    assertThat(refusing.down()).as("it answered").isFalse();
    assertThat(lines(output, "Redis answers again")).hasSize(1);
    assertThat(lines(output, "Redis refused a call")).as("at most one in 30 s").hasSize(1);
  }

  @Test
  void countsOutagesAndShowsWhetherOneIsUnderWay() {
    var registry = new SimpleMeterRegistry();
    outage.meters().bindTo(registry);
    var outages = registry.get("dugout.backend.outages").tag("backend", "redis").functionCounter();
    var down = registry.get("dugout.backend.down").tag("backend", "redis").gauge();
    assertThat(outages.count()).isZero();
    assertThat(down.value()).isZero();

    var calls = new AtomicInteger();
    for (int outage = 0; outage < 3; outage++) {
      for (int i = 0; i < 10; i++) {
        this.outage.failed(new IOException("Connection reset"));
        calls.incrementAndGet();
      }
      assertThat(down.value()).isEqualTo(1.0);
      this.outage.succeeded();
      assertThat(down.value()).isZero();
    }

    assertThat(outages.count()).isEqualTo(3.0);
    assertThat(this.outage.failures()).isEqualTo(calls.get());
  }

  private static java.util.List<String> lines(CapturedOutput output, String text) {
    return output.getAll().lines().filter(line -> line.contains(text)).toList();
  }
}
