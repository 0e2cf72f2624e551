package io.dugout.message;

import java.util.concurrent.locks.Lock;

/**
 * Work tried on a thread that must not wait: the Netty listener's event loop, whose waiting would
 * hold up every connection it serves. While {@link #attempt} runs, code that could wait (for a lock
 * another thread holds, a disk read, a write RocksDB would slow down, an fsync) asks {@link
 * #active()} and throws {@link WouldWait} instead, <em>before</em> it has changed anything another
 * thread or a later read could see; the caller then hands the whole work to a thread that may wait,
 * which does it from the start.
 *
 * <p>Once the work has made its change durable it must finish, whatever it meets: {@link
 * #committed()} ends the refusals for the rest of the attempt. What runs after that point on the
 * send path (queueing deliveries, offering a notification) holds locks only for in-memory work.
 *
 * <p>Attempts run on platform threads only: a virtual thread may simply wait. Only code that
 * refuses before it waits may run in an attempt. A port's adapters say whether they do (for example
 * {@code Sequencer#triesWithoutWaiting}); code that has not been written for it must never be
 * attempted, since it would simply wait.
 */
public final class NoWait {

  private static final ThreadLocal<boolean[]> ACTIVE =
      ThreadLocal.withInitial(() -> new boolean[1]);
  private static final WouldWait WOULD_WAIT = new WouldWait();

  private NoWait() {}

  /**
   * Runs {@code work} with refusals on, on the calling thread.
   *
   * @throws WouldWait when the work would have waited; it changed nothing durable then
   */
  public static void attempt(Runnable work) {
    if (Thread.currentThread().isVirtual()) {
      throw new IllegalStateException(
          "a virtual thread may wait; attempts are for platform threads");
    }
    boolean[] active = ACTIVE.get();
    if (active[0]) {
      throw new IllegalStateException("attempts do not nest");
    }
    active[0] = true;
    try {
      work.run();
    } finally {
      active[0] = false;
    }
  }

  /** Whether the calling thread is in an attempt that has not committed: waiting is refused. */
  public static boolean active() {
    // why: most callers are virtual threads, never in an attempt; asking a thread-local would give
    // each of them a map of its own
    return !Thread.currentThread().isVirtual() && ACTIVE.get()[0];
  }

  /** The attempt's change is durable: from here on it finishes, waiting where it must. */
  public static void committed() {
    if (active()) {
      ACTIVE.get()[0] = false;
    }
  }

  /** Takes {@code lock}: at once or not at all in an attempt, waiting for it otherwise. */
  public static void lock(Lock lock) {
    if (!active()) {
      lock.lock();
    } else if (!lock.tryLock()) {
      throw WOULD_WAIT;
    }
  }

  /** Throws {@link WouldWait} in an attempt; for a step that always waits (a scan, an fsync). */
  public static void refuseInAttempt() {
    if (active()) {
      throw WOULD_WAIT;
    }
  }

  /** The refusal itself, for a caller that found out it would wait some other way. */
  public static WouldWait wouldWait() {
    return WOULD_WAIT;
  }

  /**
   * The work would have waited and was given up before it changed anything durable. One shared
   * instance without a stack: it is control flow, thrown whenever a lock is busy.
   */
  public static final class WouldWait extends RuntimeException {
    private WouldWait() {
      super("would wait", null, false, false);
    }
  }
}
