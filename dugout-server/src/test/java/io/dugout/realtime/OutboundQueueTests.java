package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class OutboundQueueTests {

  private static final long LONG = TimeUnit.SECONDS.toNanos(10);

  @Test
  void countsEveryFrameUntilTheWriterSaysItWasTaken() {
    var queue = new OutboundQueue();
    assertThat(queue.admit(new Outgoing.Text("a"), 10, 1_000)).isTrue();
    queue.addLast(new Outgoing.Text("bc"));
    assertThat(queue.frames()).isEqualTo(2);
    assertThat(queue.bytes()).isEqualTo(3);
    assertThat(queue.poll()).isNotNull();
    assertThat(queue.frames()).as("polled is still held by the writer").isEqualTo(2);
    queue.taken(1, 1);
    assertThat(queue.frames()).isEqualTo(1);
    assertThat(queue.bytes()).isEqualTo(2);
  }

  @Test
  void refusesAFrameThatPassesTheFrameOrByteBudget() {
    var queue = new OutboundQueue();
    assertThat(queue.admit(new Outgoing.Text("a"), 1, 1_000)).isTrue();
    assertThat(queue.admit(new Outgoing.Text("b"), 1, 1_000)).isFalse();
    assertThat(new OutboundQueue().admit(new Outgoing.Text("abc"), 10, 2)).isFalse();
  }

  @Test
  void aWaiterForRoomWakesWhenTheWriterTakesFramesNotOnATimer() throws Exception {
    var queue = new OutboundQueue();
    for (int i = 0; i < 4; i++) {
      queue.admit(new Outgoing.Text("x"), 10, 1_000);
    }
    var waited =
        CompletableFuture.supplyAsync(
            () -> queue.awaitDepth(2, System.nanoTime() + LONG, () -> true));
    Thread.sleep(100);
    assertThat(waited).isNotDone();
    queue.taken(1, 1);
    Thread.sleep(100);
    assertThat(waited).as("still above the depth").isNotDone();
    queue.taken(1, 1);
    assertThat(waited.get(5, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void aWaiterGivesUpAtItsDeadlineOrWhenTheSessionCloses() throws Exception {
    var queue = new OutboundQueue();
    queue.admit(new Outgoing.Text("x"), 10, 1_000);
    long start = System.nanoTime();
    assertThat(queue.awaitDepth(0, start + Duration.ofMillis(50).toNanos(), () -> true)).isFalse();
    assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(Duration.ofMillis(50).toNanos());

    var open = new java.util.concurrent.atomic.AtomicBoolean(true);
    var waited =
        CompletableFuture.supplyAsync(
            () -> queue.awaitDepth(0, System.nanoTime() + LONG, open::get));
    Thread.sleep(100);
    open.set(false);
    queue.clear();
    assertThat(waited.get(5, TimeUnit.SECONDS)).isFalse();
  }
}
