package io.dugout.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The queue after the send path: never blocks an offer, and hands on what waited together. */
class GatheringQueueTests {

  private final LinkedBlockingQueue<List<Integer>> passes = new LinkedBlockingQueue<>();
  private final AtomicInteger dropped = new AtomicInteger();
  private GatheringQueue<Integer> queue;

  @AfterEach
  void stop() {
    if (queue != null) {
      queue.stop();
    }
  }

  @Test
  void whatWaitedTogetherIsOnePassInTheOrderOffered() throws Exception {
    queue = queue(100, passes::add);
    List.of(3, 1, 2).forEach(queue::offer);

    queue.start("test-gathering");

    assertThat(next()).containsExactly(3, 1, 2);
    assertThat(passes.poll(200, TimeUnit.MILLISECONDS)).as("a second pass").isNull();
  }

  @Test
  void takesAtMostABatchAtOnceAndTheRestInTheNextPass() throws Exception {
    queue = queue(1_000, passes::add);
    int offered = GatheringQueue.BATCH + 44;
    IntStream.rangeClosed(1, offered).forEach(queue::offer);

    queue.start("test-gathering");

    var first = next();
    var second = next();
    assertThat(first).hasSize(GatheringQueue.BATCH);
    assertThat(first.getFirst()).isEqualTo(1);
    assertThat(second).hasSize(44);
    assertThat(second.getLast()).isEqualTo(offered);
  }

  @Test
  void aFullQueueDropsAndCountsInsteadOfWaiting() {
    queue = queue(2, passes::add);

    IntStream.rangeClosed(1, 5).forEach(queue::offer);

    assertThat(dropped).hasValue(3);
  }

  @Test
  void aPassThatFailsLeavesTheWorkerRunning() throws Exception {
    var calls = new AtomicInteger();
    queue =
        queue(
            100,
            taken -> {
              if (calls.incrementAndGet() == 1) {
                throw new IllegalStateException("a store that failed once");
              }
              passes.add(taken);
            });
    queue.start("test-gathering");
    queue.offer(1);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (calls.get() < 1 && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }

    queue.offer(2);

    assertThat(next()).containsExactly(2);
    assertThat(queue.running()).isTrue();
  }

  private GatheringQueue<Integer> queue(int capacity, Consumer<List<Integer>> pass) {
    return new GatheringQueue<>(
        capacity, Duration.ofMillis(1), pass, dropped::incrementAndGet, "Test passes");
  }

  private List<Integer> next() throws InterruptedException {
    var pass = passes.poll(10, TimeUnit.SECONDS);
    assertThat(pass).as("a pass within 10 s").isNotNull();
    return pass;
  }
}
