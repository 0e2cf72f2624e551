package io.dugout.system;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A bounded queue between the send path and work done after it, with the one worker thread that
 * does that work. Offering never blocks: when the queue is full the item is dropped and {@code
 * dropped} runs. The worker takes items in the order they were offered; after taking one it lets
 * the queue fill for {@code gather} and then hands what waited (at most {@value #BATCH} in all) to
 * {@code pass} as one list. why the pause: waking the worker for each item costs the offering
 * thread and the worker a system call each, and each wake-up may take a core from a thread
 * delivering messages. A pass that throws is logged and the worker goes on with the next.
 *
 * @param <T> what is queued
 */
public final class GatheringQueue<T> {

  private static final Logger log = LoggerFactory.getLogger(GatheringQueue.class);

  /** The most taken from the queue at once. */
  public static final int BATCH = 256;

  private final BlockingQueue<T> queue;
  private final long gatherNanos;
  private final Consumer<List<T>> pass;
  private final Runnable dropped;
  private final String what;
  private volatile Thread worker;

  /**
   * @param what what a pass does, for the log line of one that failed ("Room counts")
   */
  public GatheringQueue(
      int capacity, Duration gather, Consumer<List<T>> pass, Runnable dropped, String what) {
    this.queue = new ArrayBlockingQueue<>(capacity);
    this.gatherNanos = gather.toNanos();
    this.pass = pass;
    this.dropped = dropped;
    this.what = what;
  }

  /** Queues an item; never blocks, never throws. */
  public void offer(T item) {
    if (!queue.offer(item)) {
      dropped.run();
    }
  }

  /** Starts the worker, a daemon platform thread of this name. */
  public void start(String threadName) {
    worker = Thread.ofPlatform().daemon().name(threadName).start(this::drain);
  }

  /** Stops the worker; what still waits is not handed on. */
  public void stop() {
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

  public boolean running() {
    return worker != null;
  }

  private void drain() {
    var taken = new ArrayList<T>();
    while (!Thread.currentThread().isInterrupted()) {
      T first;
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
        pass.accept(List.copyOf(taken));
      } catch (RuntimeException e) {
        log.warn("{} of {} queued items failed", what, taken.size(), e);
      }
      taken.clear();
    }
  }
}
