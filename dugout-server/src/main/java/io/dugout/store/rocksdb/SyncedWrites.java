package io.dugout.store.rocksdb;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Runs the writes that wait for the disk on a few platform threads, so that a virtual thread's
 * fsync does not hold its carrier.
 *
 * <p>A native call pins a virtual thread to its carrier until it returns. A synced RocksDB write
 * returns after an fsync, milliseconds later; with as many carriers as cores, two syncs in progress
 * on two cores would stop every other virtual thread. Here the virtual thread parks while a writer
 * thread writes. Writers in flight together also share one fsync: RocksDB writes a group of waiting
 * writers' batches to the log and syncs once for all of them.
 *
 * <p>Guarantees: {@link #run} returns only once the write has returned, and throws what it threw;
 * an interrupt does not end the wait early (the caller must learn whether its write is durable). A
 * platform thread runs the write itself: it pins nothing, and a hand-off would only add a wait.
 */
final class SyncedWrites implements AutoCloseable {

  /** A write that may throw the unchecked failures of the storage. */
  @FunctionalInterface
  interface Write {
    void run();
  }

  private final ExecutorService writers;

  SyncedWrites(int threads) {
    this.writers =
        Executors.newFixedThreadPool(
            threads, Thread.ofPlatform().name("dugout-sync-write-", 0).daemon().factory());
  }

  void run(Write write) {
    if (!Thread.currentThread().isVirtual()) {
      write.run();
      return;
    }
    var task = new FutureTask<Void>(write::run, null);
    try {
      writers.execute(task);
    } catch (RejectedExecutionException e) {
      throw new IllegalStateException("RocksDB is closed", e);
    }
    boolean interrupted = false;
    try {
      while (true) {
        try {
          task.get();
          return;
        } catch (InterruptedException e) {
          interrupted = true;
        } catch (ExecutionException e) {
          throw rethrown(e.getCause());
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * Lets the writes already handed over finish (for up to 30 seconds) and takes no more; the
   * database may be closed after it.
   */
  @Override
  public void close() {
    writers.shutdown();
    try {
      writers.awaitTermination(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static RuntimeException rethrown(Throwable cause) {
    if (cause instanceof Error error) {
      throw error;
    }
    return cause instanceof RuntimeException runtime ? runtime : new IllegalStateException(cause);
  }
}
