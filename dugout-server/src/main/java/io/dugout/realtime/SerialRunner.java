package io.dugout.realtime;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one connection's inbound work on a virtual thread, one task at a time, in the order given.
 * The Netty listener hands every frame of a connection here, so a frame that waits (for its room's
 * lane, a store write, a replay's room in the queue) holds only its own connection, never an event
 * loop and the other connections on it; a connection's frames are handled in order, as Tomcat hands
 * them over.
 *
 * <p>A task that fails is logged and the next one runs. A task that fails with an {@link Error}
 * (the JVM could not allocate, a stack overflowed) leaves the connection in a state no one knows,
 * so the runner also hands the error to its owner, which closes the connection; either way the
 * runner keeps taking tasks, so no connection's input ever stops silently.
 */
public final class SerialRunner {

  private static final Logger log = LoggerFactory.getLogger(SerialRunner.class);

  private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean running = new AtomicBoolean();
  private final Consumer<Error> failed;

  /** A runner whose owner hears of a task that failed with an {@link Error}. */
  public SerialRunner(Consumer<Error> failed) {
    this.failed = failed;
  }

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
        runOne(next);
      }
      running.set(false);
      // why: a task added after the last poll but before the flag fell started no thread
    } while (!tasks.isEmpty() && running.compareAndSet(false, true));
  }

  private void runOne(Runnable task) {
    try {
      task.run();
    } catch (RuntimeException e) {
      log.error("Inbound task failed", e);
    } catch (Error e) {
      log.error("Inbound task failed; closing the connection", e);
      try {
        failed.accept(e);
      } catch (RuntimeException | Error again) {
        log.error("Closing the connection after a failed task failed too", again);
      }
    }
  }
}
