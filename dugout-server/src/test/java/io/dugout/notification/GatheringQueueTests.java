package io.dugout.notification;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class GatheringQueueTests {

  private final List<Thread> takers = new ArrayList<>();

  @AfterEach
  void stopTakers() throws InterruptedException {
    for (Thread taker : takers) {
      taker.interrupt();
      taker.join(5_000);
      assertThat(taker.isAlive()).as("taker stops when interrupted").isFalse();
    }
  }

  @Test
  void itemsOfferedWhileTheTakerIsBusyAreTakenInOrderInPasses() {
    var queue = new GatheringQueue<Integer>(10_000, Duration.ofMillis(5), 1000);
    var passes = new ConcurrentLinkedQueue<List<Integer>>();
    startTaker(queue, passes::add);

    for (int i = 0; i < 3000; i++) {
      assertThat(queue.offer(i)).isTrue();
    }

    await().atMost(Duration.ofSeconds(10)).until(() -> taken(passes).size() == 3000);
    assertThat(taken(passes)).isSorted().doesNotHaveDuplicates();
    assertThat(passes).allSatisfy(pass -> assertThat(pass).hasSizeLessThanOrEqualTo(1000));
    assertThat(passes.size()).as("passes, not one per item").isLessThan(100);
  }

  @Test
  void aFullQueueRefusesTheItemAndKeepsWhatItHolds() {
    var queue = new GatheringQueue<Integer>(2, Duration.ofMillis(1), 10);

    assertThat(queue.offer(1)).isTrue();
    assertThat(queue.offer(2)).isTrue();
    assertThat(queue.offer(3)).isFalse();

    var passes = new ConcurrentLinkedQueue<List<Integer>>();
    startTaker(queue, passes::add);
    await().atMost(Duration.ofSeconds(5)).until(() -> taken(passes).equals(List.of(1, 2)));
  }

  @Test
  void anIdleTakerSleepsAndTheNextOfferWakesIt() {
    var queue = new GatheringQueue<Integer>(100, Duration.ofMillis(1), 10);
    var passes = new ConcurrentLinkedQueue<List<Integer>>();
    startTaker(queue, passes::add);

    for (int round = 1; round <= 20; round++) {
      await()
          .atMost(Duration.ofSeconds(5))
          .pollInterval(Duration.ofMillis(1))
          .until(queue::sleeping);
      queue.offer(round);
      int expected = round;
      await()
          .atMost(Duration.ofSeconds(5))
          .pollInterval(Duration.ofMillis(1))
          .until(() -> taken(passes).size() == expected);
    }
    assertThat(taken(passes)).hasSize(20).isSorted();
  }

  /**
   * Offers timed to land anywhere around the moment the taker goes to sleep, with no gathering so
   * that it sleeps as soon as it finds the queue empty: every item must still be taken, because an
   * item that arrives between the taker's last look and its sleep would otherwise wait forever.
   */
  @Test
  void anOfferRacingTheTakerFallingAsleepIsStillTaken() {
    var queue = new GatheringQueue<Integer>(100, Duration.ZERO, 10);
    var count = new AtomicInteger();
    startTaker(queue, pass -> count.addAndGet(pass.size()));

    var random = ThreadLocalRandom.current();
    for (int i = 1; i <= 20_000; i++) {
      queue.offer(i);
      long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
      while (count.get() < i) {
        assertThat(System.nanoTime()).as("item %d taken within 2 s", i).isLessThan(deadline);
        Thread.onSpinWait();
      }
      long spin = random.nextLong(0, 20_000);
      for (long start = System.nanoTime(); System.nanoTime() - start < spin; ) {
        Thread.onSpinWait();
      }
    }
  }

  @Test
  void anInterruptedTakerStopsWhileAsleep() throws InterruptedException {
    var queue = new GatheringQueue<Integer>(10, Duration.ofMillis(1), 10);
    var taker = startTaker(queue, pass -> {});
    await().atMost(Duration.ofSeconds(5)).until(queue::sleeping);

    taker.interrupt();
    taker.join(5_000);

    assertThat(taker.isAlive()).isFalse();
  }

  private Thread startTaker(GatheringQueue<Integer> queue, Consumer<List<Integer>> onPass) {
    var taker =
        Thread.ofPlatform()
            .daemon()
            .start(
                () -> {
                  while (true) {
                    var pass = new ArrayList<Integer>();
                    try {
                      queue.takePass(pass);
                    } catch (InterruptedException e) {
                      return;
                    }
                    onPass.accept(pass);
                  }
                });
    takers.add(taker);
    return taker;
  }

  private static List<Integer> taken(ConcurrentLinkedQueue<List<Integer>> passes) {
    return passes.stream().flatMap(List::stream).toList();
  }
}
