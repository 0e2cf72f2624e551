package io.dugout.loadtest.scenario;

import java.util.concurrent.TimeUnit;

/** Waiting for a moment on the schedule of an open-loop or ramped-up scenario. */
final class Pacing {

  private Pacing() {}

  /**
   * Sleeps until {@link System#nanoTime()} reaches {@code nanoTime}; returns at once when it has.
   * An interrupt ends the wait early and stays set for the caller to see.
   */
  static void sleepUntil(long nanoTime) {
    long wait = nanoTime - System.nanoTime();
    if (wait > 0) {
      try {
        TimeUnit.NANOSECONDS.sleep(wait);
      } catch (InterruptedException ex) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
