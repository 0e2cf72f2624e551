package io.dugout.notification;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class NotificationSweeperTests {

  @Test
  void stopWaitsForTheSweepInProgressAndNoChunkIsDeletedAfterIt() throws Exception {
    var inSweep = new CountDownLatch(1);
    var release = new CountDownLatch(1);
    var calls = new AtomicInteger();
    // why: a store whose first chunk takes until the test lets it go, deaf to interrupts as
    // RocksDB's native calls are, and that always has more
    var store = mock(NotificationStore.class);
    when(store.removeExpired(any(), anyInt()))
        .thenAnswer(
            invocation -> {
              calls.incrementAndGet();
              inSweep.countDown();
              awaitUninterruptibly(release);
              return NotificationSweeper.CHUNK;
            });
    var sweeper =
        new NotificationSweeper(
            store,
            properties(Duration.ofMillis(10)),
            new NotificationMetrics(new SimpleMeterRegistry()),
            Clock.systemUTC());
    sweeper.start();
    assertThat(inSweep.await(10, TimeUnit.SECONDS)).isTrue();

    var stopping = Thread.ofPlatform().start(sweeper::stop);
    assertThat(stopping.join(Duration.ofMillis(300))).as("stop returned under a sweep").isFalse();
    release.countDown();
    assertThat(stopping.join(Duration.ofSeconds(10))).isTrue();
    int afterStop = calls.get();
    Thread.sleep(100);

    assertThat(sweeper.isRunning()).isFalse();
    assertThat(calls).as("chunks deleted after stop returned").hasValue(afterStop);
  }

  private static void awaitUninterruptibly(CountDownLatch latch) {
    boolean interrupted = false;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (latch.getCount() > 0 && System.nanoTime() < deadline) {
      try {
        latch.await(10, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private static NotificationProperties properties(Duration sweepInterval) {
    return new NotificationProperties(
        Duration.ofDays(30),
        4096,
        sweepInterval,
        10_000,
        10_000,
        Duration.ofSeconds(30),
        Duration.ofMillis(1),
        Duration.ofSeconds(30),
        Duration.ofSeconds(1));
  }
}
