package io.dugout;

import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;

/**
 * A platform thread inside something (a lock, a room's lane) until the test lets it go: {@code
 * enter} is given a {@code stay} to run while inside, and {@link #start} returns once it runs.
 */
public final class HeldByAnotherThread implements AutoCloseable {

  private final CountDownLatch inside = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private final Thread thread;

  private HeldByAnotherThread(Consumer<Runnable> enter) {
    this.thread = Thread.ofPlatform().start(() -> enter.accept(this::stay));
  }

  /** Starts the thread and returns once it is inside. */
  public static HeldByAnotherThread start(Consumer<Runnable> enter) throws InterruptedException {
    var held = new HeldByAnotherThread(enter);
    held.inside.await();
    return held;
  }

  private void stay() {
    inside.countDown();
    try {
      release.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Lets the thread leave and waits until it has. */
  @Override
  public void close() throws InterruptedException {
    release.countDown();
    thread.join();
  }
}
