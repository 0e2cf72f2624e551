package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A connection's inbound work runs in order, and no failed task stops the connection's input. */
class SerialRunnerTests {

  private final List<Error> failures = new CopyOnWriteArrayList<>();
  private final SerialRunner runner = new SerialRunner(failures::add);

  @Test
  void runsTasksInTheOrderGiven() throws InterruptedException {
    var ran = new CopyOnWriteArrayList<Integer>();
    var done = new CountDownLatch(1);
    for (int i = 0; i < 100; i++) {
      int n = i;
      runner.run(() -> ran.add(n));
    }
    runner.run(done::countDown);
    assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(ran).isSorted().hasSize(100);
  }

  @Test
  void keepsRunningAfterATaskThrows() throws InterruptedException {
    var done = new CountDownLatch(1);
    runner.run(
        () -> {
          throw new IllegalStateException("a bug in one frame's handling");
        });
    runner.run(done::countDown);
    assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(failures).isEmpty();
  }

  @Test
  void handsAnErrorToItsOwnerAndKeepsTakingTasks() throws InterruptedException {
    var error = new OutOfMemoryError("Cannot reserve direct buffer memory");
    runner.run(
        () -> {
          throw error;
        });
    var done = new CountDownLatch(1);
    runner.run(done::countDown);
    assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(failures).containsExactly(error);
    awaitIdle();
    // why: a runner whose thread died with its flag still up would never start another
    var later = new CountDownLatch(1);
    runner.run(later::countDown);
    assertThat(later.await(10, TimeUnit.SECONDS)).isTrue();
  }

  private void awaitIdle() throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (!runner.idle() && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertThat(runner.idle()).isTrue();
  }
}
