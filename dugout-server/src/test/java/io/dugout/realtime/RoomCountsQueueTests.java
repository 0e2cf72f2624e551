package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.message.Message;
import io.dugout.message.MessageKind;
import io.dugout.room.RoomEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The queue of room counts to push: never blocks an offer, and gathers what waited together. */
class RoomCountsQueueTests {

  private final LinkedBlockingQueue<RoomCountsBatch> pushed = new LinkedBlockingQueue<>();
  private final AtomicInteger dropped = new AtomicInteger();
  private RoomCountsQueue queue;

  @AfterEach
  void stop() {
    if (queue != null) {
      queue.stop();
    }
  }

  @Test
  void messagesOfARoomThatWaitedTogetherMakeOnePush() throws Exception {
    queue = queue(100, pushed::add);
    var r1First = message("r1", 1);
    var r2 = message("r2", 7);
    var r1Second = message("r1", 2);
    var read = new RoomEvent.ReadMarkerMoved("r3", "bob", 4);
    for (Object item : List.of(r1First, r2, r1Second, read)) {
      queue.offer(item);
    }

    queue.start("test-room-counts");

    var batch = next();
    assertThat(batch.rooms().get("r1")).containsExactly(r1First, r1Second);
    assertThat(batch.rooms().get("r2")).containsExactly(r2);
    assertThat(batch.reads()).containsExactly(read);
    assertThat(pushed.poll(200, TimeUnit.MILLISECONDS)).as("a second push").isNull();
  }

  @Test
  void takesAtMostABatchAtOnceAndTheRestInTheNextPass() throws Exception {
    queue = queue(1_000, pushed::add);
    int offered = RoomCountsQueue.BATCH + 44;
    for (int seq = 1; seq <= offered; seq++) {
      queue.offer(message("r1", seq));
    }

    queue.start("test-room-counts");

    var first = next().rooms().get("r1");
    var second = next().rooms().get("r1");
    assertThat(first).hasSize(RoomCountsQueue.BATCH);
    assertThat(first.getFirst().seq()).isEqualTo(1);
    assertThat(second).hasSize(44);
    assertThat(second.getLast().seq()).isEqualTo(offered);
  }

  @Test
  void aFullQueueDropsAndCountsInsteadOfWaiting() {
    queue = queue(2, pushed::add);

    for (int seq = 1; seq <= 5; seq++) {
      queue.offer(message("r1", seq));
    }

    assertThat(dropped).hasValue(3);
  }

  @Test
  void aPushThatFailsLeavesTheWorkerRunning() throws Exception {
    var calls = new AtomicInteger();
    queue =
        queue(
            100,
            batch -> {
              if (calls.incrementAndGet() == 1) {
                throw new IllegalStateException("a store that failed once");
              }
              pushed.add(batch);
            });
    queue.start("test-room-counts");
    queue.offer(message("r1", 1));
    waitFor(() -> calls.get() == 1);

    queue.offer(message("r1", 2));

    assertThat(next().rooms().get("r1")).extracting(Message::seq).containsExactly(2L);
  }

  private RoomCountsQueue queue(int capacity, Consumer<RoomCountsBatch> pusher) {
    return new RoomCountsQueue(capacity, Duration.ofMillis(1), pusher, dropped::incrementAndGet);
  }

  private RoomCountsBatch next() throws InterruptedException {
    var batch = pushed.poll(10, TimeUnit.SECONDS);
    assertThat(batch).as("a push within 10 s").isNotNull();
    return batch;
  }

  private static void waitFor(java.util.function.BooleanSupplier condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("waited 10 s").isLessThan(deadline);
      Thread.sleep(5);
    }
  }

  private static Message message(String roomId, long seq) {
    return new Message(
        roomId, seq, "alice", MessageKind.TEXT, "m" + seq, List.of(), "c" + seq, Instant.EPOCH);
  }
}
