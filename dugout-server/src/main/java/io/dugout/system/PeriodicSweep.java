package io.dugout.system;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.springframework.context.SmartLifecycle;

/**
 * Upkeep that runs on a daemon thread of its own every {@code interval}, from the application's
 * start to its stop. Runs never overlap (the next starts {@code interval} after one ends). Stopping
 * cancels the next run and waits up to ten seconds for one in progress, so a run that checks its
 * thread's interrupt between steps never goes on once the stores it uses are closed.
 */
public abstract class PeriodicSweep implements SmartLifecycle {

  private final String threadName;
  private final Duration interval;
  private volatile ScheduledExecutorService timer;

  protected PeriodicSweep(String threadName, Duration interval) {
    this.threadName = threadName;
    this.interval = interval;
  }

  /** One run; it logs its own failures, since nothing else would see them. */
  protected abstract void sweepQuietly();

  @Override
  public void start() {
    long every = interval.toMillis();
    timer =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name(threadName).factory());
    timer.scheduleWithFixedDelay(this::sweepQuietly, every, every, TimeUnit.MILLISECONDS);
  }

  @Override
  public void stop() {
    var running = timer;
    if (running != null) {
      running.shutdownNow();
      try {
        running.awaitTermination(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    timer = null;
  }

  @Override
  public boolean isRunning() {
    return timer != null;
  }
}
