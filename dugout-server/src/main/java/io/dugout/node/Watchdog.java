package io.dugout.node;

import com.sun.management.HotSpotDiagnosticMXBean;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.availability.LivenessState;
import org.springframework.context.SmartLifecycle;

/**
 * Watches that this node's virtual threads still run: a thread of its own (a platform thread, so a
 * stall cannot stop it) starts a trivial probe on a virtual thread every {@code interval} and waits
 * for it.
 *
 * <p>Every request, STOMP frame and store write of a node runs on virtual threads. When none runs —
 * every carrier pinned, as in a class-loading deadlock of a nested jar — the node still accepts
 * connections and its Kafka member still heartbeats and keeps its partitions, but answers nothing
 * and logs nothing. The watchdog makes that visible and bounded: a probe that waits longer than
 * {@code stallAfter} logs one ERROR, writes a dump of every thread (virtual ones included) next to
 * the data, counts the stall ({@code dugout.node.stalls}, gauge {@code dugout.node.stalled}) and
 * turns liveness {@code BROKEN}; a probe that runs after all logs the recovery and turns it {@code
 * CORRECT}. A stall that outlasts {@code exitAfter} halts the process with status 70 (no shutdown
 * hooks, which would wait on the stalled threads): like {@code kill -9}, which loses nothing
 * acknowledged, and its supervisor starts it again while clients resend elsewhere.
 */
final class Watchdog implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(Watchdog.class);

  /** The exit status of a node halted by its watchdog ({@code EX_SOFTWARE}). */
  static final int EXIT_STATUS = 70;

  private final WatchdogProperties settings;
  private final Executor probes;
  private final Consumer<LivenessState> liveness;
  private final Runnable halt;
  private final Path dumps;
  private final AtomicInteger stalled = new AtomicInteger();
  private final Counter stalls;
  private volatile boolean running;
  private Thread thread;

  /**
   * @param probes where a probe runs: a new virtual thread each
   * @param liveness told {@code BROKEN} at a stall and {@code CORRECT} after it
   * @param halt ends the process when a stall outlasts {@code exitAfter}
   * @param dumps the directory thread dumps are written to
   */
  Watchdog(
      WatchdogProperties settings,
      Executor probes,
      Consumer<LivenessState> liveness,
      Runnable halt,
      Path dumps,
      MeterRegistry meters) {
    this.settings = settings;
    this.probes = probes;
    this.liveness = liveness;
    this.halt = halt;
    this.dumps = dumps;
    this.stalls =
        Counter.builder("dugout.node.stalls")
            .description("Times this node's virtual threads stopped running for stallAfter")
            .register(meters);
    Gauge.builder("dugout.node.stalled", stalled, AtomicInteger::get)
        .description("1 while this node's virtual threads do not run")
        .register(meters);
  }

  @Override
  public synchronized void start() {
    running = true;
    thread = Thread.ofPlatform().name("dugout-watchdog").daemon().start(this::watch);
  }

  @Override
  public synchronized void stop() {
    running = false;
    if (thread != null) {
      thread.interrupt();
      thread = null;
    }
  }

  @Override
  public synchronized boolean isRunning() {
    return running;
  }

  private void watch() {
    try {
      while (running) {
        probeOnce();
        Thread.sleep(settings.interval());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** One probe: returns when it ran, or after halting the node. */
  void probeOnce() throws InterruptedException {
    var ran = new CountDownLatch(1);
    long start = System.nanoTime();
    probes.execute(ran::countDown);
    if (ran.await(settings.stallAfter().toNanos(), TimeUnit.NANOSECONDS)) {
      return;
    }
    stalled(Duration.ofNanos(System.nanoTime() - start));
    long exitAt = start + settings.exitAfter().toNanos();
    boolean exits = !settings.exitAfter().isZero();
    while (!ran.await(1, TimeUnit.SECONDS)) {
      if (exits && System.nanoTime() - exitAt >= 0) {
        log.error(
            "Virtual threads have not run for {} s: halting this node (status {}) so that its"
                + " supervisor starts it again (dugout.watchdog.exit-after)",
            Duration.ofNanos(System.nanoTime() - start).toSeconds(),
            EXIT_STATUS);
        halt.run();
        return;
      }
    }
    stalled.set(0);
    liveness.accept(LivenessState.CORRECT);
    log.info(
        "Virtual threads run again after {} ms; liveness is CORRECT",
        Duration.ofNanos(System.nanoTime() - start).toMillis());
  }

  private void stalled(Duration waited) {
    stalled.set(1);
    stalls.increment();
    Path dump = dump();
    log.error(
        "Virtual threads have not run for {} ms: this node answers nothing while it lasts;"
            + " liveness is BROKEN{}. Threads: {}",
        waited.toMillis(),
        settings.exitAfter().isZero()
            ? ""
            : ", and the node halts after " + settings.exitAfter().toSeconds() + " s",
        dump == null ? "(no dump could be written)" : dump);
    liveness.accept(LivenessState.BROKEN);
  }

  /** A dump of every thread, virtual ones included, or null when none could be written. */
  private Path dump() {
    try {
      Files.createDirectories(dumps);
      Path file =
          dumps
              .resolve("threads-" + Instant.now().toString().replace(':', '-') + ".txt")
              .toAbsolutePath();
      ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
          .dumpThreads(file.toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.TEXT_PLAIN);
      return file;
    } catch (IOException | RuntimeException e) {
      log.warn("Writing a thread dump failed: {}", e.toString());
      return null;
    }
  }

  /** Starts before the web server takes traffic, stops after it drained. */
  @Override
  public int getPhase() {
    return Integer.MIN_VALUE + 1000;
  }
}
