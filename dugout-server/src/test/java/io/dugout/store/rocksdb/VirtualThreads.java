package io.dugout.store.rocksdb;

import java.util.concurrent.atomic.AtomicReference;

/** Runs test code on a virtual thread, as the server's requests and frames run. */
final class VirtualThreads {

  private VirtualThreads() {}

  /** What {@code action} threw on a fresh virtual thread; null if it returned. */
  static Throwable thrownBy(Runnable action) throws InterruptedException {
    var thrown = new AtomicReference<Throwable>();
    Thread.ofVirtual()
        .start(
            () -> {
              try {
                action.run();
              } catch (RuntimeException e) {
                thrown.set(e);
              }
            })
        .join();
    return thrown.get();
  }
}
