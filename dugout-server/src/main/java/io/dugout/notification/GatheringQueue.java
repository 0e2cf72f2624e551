package io.dugout.notification;

import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * A bounded queue that many threads offer to and one thread takes from in passes: after each pass
 * the taker waits {@code gather}, then takes everything that queued meanwhile (up to a batch).
 *
 * <p>why: an offer must cost the offering thread (an event loop delivering messages) no system
 * call. While items keep coming the taker wakes on its own cadence and offers signal nobody; only
 * once it has found the queue empty at {@link #AWAKE_WHILE_IDLE} passes in a row does it go to
 * sleep, and then the first offer wakes it. The handshake: the taker says it sleeps, then looks at
 * the queue once more before it parks; an offerer adds its item, then looks whether the taker
 * sleeps. Each looks after its own write, so at least one of them sees the other's and no item
 * waits for a taker that is not coming.
 *
 * @param <T> what is queued
 */
final class GatheringQueue<T> {

  /** How many empty passes in a row the taker makes before it sleeps until the next offer. */
  static final int AWAKE_WHILE_IDLE = 3;

  private final ArrayBlockingQueue<T> items;
  private final long gatherNanos;
  private final int batch;
  private final AtomicBoolean sleeping = new AtomicBoolean();
  private volatile Thread taker;

  /**
   * @param capacity how many items may wait; beyond it {@link #offer} refuses them
   * @param gather how long the taker waits before each pass; zero: it takes each item as soon as it
   *     is woken for it, and sleeps whenever the queue is empty
   * @param batch the most items one pass takes
   */
  GatheringQueue(int capacity, Duration gather, int batch) {
    this.items = new ArrayBlockingQueue<>(capacity);
    this.gatherNanos = gather.toNanos();
    this.batch = batch;
  }

  /**
   * Adds the item unless the queue is full; never blocks, and wakes the taker only if it sleeps.
   */
  boolean offer(T item) {
    if (!items.offer(item)) {
      return false;
    }
    if (sleeping.get() && sleeping.compareAndSet(true, false)) {
      LockSupport.unpark(taker);
    }
    return true;
  }

  /**
   * The next pass, for the one taking thread: waits until at least one item has queued and then
   * {@code gather} more, and moves what queued (up to a batch, oldest first) into {@code into}.
   *
   * @throws InterruptedException when the thread is interrupted while it waits
   */
  void takePass(Collection<? super T> into) throws InterruptedException {
    taker = Thread.currentThread();
    int idle = 0;
    while (true) {
      if (gatherNanos > 0) {
        LockSupport.parkNanos(this, gatherNanos);
      }
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
      if (items.drainTo(into, batch) > 0) {
        return;
      }
      if (gatherNanos == 0 || ++idle >= AWAKE_WHILE_IDLE) {
        sleepUntilOffered();
        idle = 0;
      }
    }
  }

  private void sleepUntilOffered() {
    sleeping.set(true);
    // why: an offer that came after the last drain but before the flag was up saw no sleeper, so
    // it woke nobody; the item it added is seen here
    while (sleeping.get() && items.isEmpty() && !Thread.currentThread().isInterrupted()) {
      LockSupport.park(this);
    }
    sleeping.set(false);
  }

  /** Whether the taker is asleep until the next offer (for tests). */
  boolean sleeping() {
    return sleeping.get();
  }
}
