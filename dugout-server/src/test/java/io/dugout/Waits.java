package io.dugout;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waiting in tests that fails after a deadline instead of hanging the build. */
public final class Waits {

  private Waits() {}

  /** Polls {@code condition} until it holds; fails naming {@code what} after {@code timeout}. */
  public static void until(BooleanSupplier condition, Duration timeout, String what) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("gave up after " + timeout + " waiting for " + what);
      }
      sleep(Duration.ofMillis(5));
    }
  }

  /** Joins the thread; fails if it is still running after {@code timeout}. */
  public static void joined(Thread thread, Duration timeout) {
    try {
      if (!thread.join(timeout)) {
        throw new AssertionError(thread + " still running after " + timeout);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /** Sleeps, turning an interrupt into a test failure. */
  public static void sleep(Duration duration) {
    try {
      Thread.sleep(duration);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
