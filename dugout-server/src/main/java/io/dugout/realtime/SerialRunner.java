package io.dugout.realtime;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one connection's inbound work on a virtual thread, one task at a time, in the order given.
 * The Netty listener hands every frame of a connection here, so a frame that waits (for its room's
 * lane, a store write, a replay's room in the queue) holds only its own connection, never an event
 * loop and the other connections on it; a connection's frames are handled in order, as Tomcat hands
 * them over.
 */
public final class SerialRunner {

  private static final Logger log = LoggerFactory.getLogger(SerialRunner.class);

  private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean running = new AtomicBoolean();

  /** Runs {@code task} after every task given before it; returns at once. */
  public void run(Runnable task) {
    tasks.add(task);
    if (running.compareAndSet(false, true)) {
      Thread.ofVirtual().name("dugout-inbound").start(this::drain);
    }
  }

  /**
   * Whether no task is running or waiting to run. Meaningful only on the one thread that gives this
   * runner its tasks: nothing can be added meanwhile, and a task that finished happened before.
   */
  public boolean idle() {
    return !running.get() && tasks.isEmpty();
  }

  private void drain() {
    do {
      Runnable next;
      while ((next = tasks.poll()) != null) {
        try {
          next.run();
        } catch (RuntimeException e) {
          log.error("Inbound task failed", e);
        }
      }
      running.set(false);
      // why: a task added after the last poll but before the flag fell started no thread
    } while (!tasks.isEmpty() && running.compareAndSet(false, true));
  }
}
