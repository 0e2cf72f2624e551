package io.dugout.realtime;

import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bounded queue between the send path and the pushes of room counts, and its one worker.
 * Offering never blocks: when the queue is full the item is dropped and {@code dropped} runs. The
 * worker takes items in the order they were offered; after taking one it lets the queue fill for
 * {@code gather} and then takes what waited (at most {@value #BATCH} in all) as one {@link
 * RoomCountsBatch}, so messages of a room that waited together make one push per member. why the
 * pause: waking the worker for each message costs the posting thread and the worker a system call
 * each, and each wake-up may take a core from a thread delivering messages.
 */
final class RoomCountsQueue {

  private static final Logger log = LoggerFactory.getLogger(RoomCountsQueue.class);

  /** The most taken from the queue at once. */
  static final int BATCH = 256;

  private final BlockingQueue<Object> queue;
  private final long gatherNanos;
  private final Consumer<RoomCountsBatch> pusher;
  private final Runnable dropped;
  private volatile Thread worker;

  RoomCountsQueue(
      int capacity, Duration gather, Consumer<RoomCountsBatch> pusher, Runnable dropped) {
    this.queue = new ArrayBlockingQueue<>(capacity);
    this.gatherNanos = gather.toNanos();
    this.pusher = pusher;
    this.dropped = dropped;
  }

  /** Takes a stored message or a moved read marker; never blocks, never throws. */
  void offer(Object item) {
    if (!queue.offer(item)) {
      dropped.run();
    }
  }

  void start(String name) {
    worker = Thread.ofPlatform().daemon().name(name).start(this::drain);
  }

  /** Stops the worker; what still waits is not pushed. */
  void stop() {
    Thread running = worker;
    if (running != null) {
      running.interrupt();
      try {
        running.join(5_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    worker = null;
  }

  boolean running() {
    return worker != null;
  }

  private void drain() {
    var taken = new ArrayList<Object>();
    while (!Thread.currentThread().isInterrupted()) {
      Object first;
      try {
        first = queue.poll(1, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        return;
      }
      if (first == null) {
        continue;
      }
      taken.add(first);
      if (gatherNanos > 0) {
        LockSupport.parkNanos(gatherNanos);
      }
      queue.drainTo(taken, BATCH - 1);
      try {
        pusher.accept(RoomCountsBatch.of(taken));
      } catch (RuntimeException e) {
        log.warn("Room counts of {} messages and reads not pushed", taken.size(), e);
      }
      taken.clear();
    }
  }
}
