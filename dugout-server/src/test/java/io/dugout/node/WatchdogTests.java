package io.dugout.node;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.availability.LivenessState;

/**
 * The watchdog against an executor whose one thread is really blocked, as every carrier of a
 * stalled node is: what it logs, counts, dumps and tells liveness, and when it halts.
 */
class WatchdogTests {

  @TempDir Path dumps;

  private final ExecutorService carriers = Executors.newSingleThreadExecutor();
  private final CountDownLatch unblock = new CountDownLatch(1);
  private final List<LivenessState> liveness = new CopyOnWriteArrayList<>();
  private final AtomicInteger halts = new AtomicInteger();
  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

  @AfterEach
  void release() {
    unblock.countDown();
    carriers.shutdownNow();
  }

  @Test
  void aProbeThatRunsInTimeChangesNothing() throws InterruptedException {
    var watchdog = watchdog(Duration.ofSeconds(5), Duration.ZERO);
    watchdog.probeOnce();
    assertThat(liveness).isEmpty();
    assertThat(meters.get("dugout.node.stalls").counter().count()).isZero();
    assertThat(meters.get("dugout.node.stalled").gauge().value()).isZero();
  }

  @Test
  void aStallTurnsLivenessBrokenWithADumpAndARecoveryTurnsItBack() throws Exception {
    blockTheCarrier();
    var watchdog = watchdog(Duration.ofMillis(300), Duration.ZERO);
    var probing = Thread.ofPlatform().start(() -> probe(watchdog));

    awaitLiveness(LivenessState.BROKEN);
    assertThat(meters.get("dugout.node.stalls").counter().count()).isEqualTo(1);
    assertThat(meters.get("dugout.node.stalled").gauge().value()).isEqualTo(1);
    try (var files = Files.list(dumps)) {
      var dump = files.filter(f -> f.getFileName().toString().startsWith("threads-")).findFirst();
      assertThat(dump).isPresent();
      assertThat(Files.readString(dump.get())).contains("WatchdogTests");
    }
    assertThat(probing.isAlive()).as("the probe still waits for the carrier").isTrue();

    unblock.countDown();
    assertThat(probing.join(Duration.ofSeconds(10))).isTrue();
    assertThat(liveness).containsExactly(LivenessState.BROKEN, LivenessState.CORRECT);
    assertThat(meters.get("dugout.node.stalled").gauge().value()).isZero();
    assertThat(halts).hasValue(0);
  }

  @Test
  void aStallThatOutlastsExitAfterHaltsTheNode() throws Exception {
    blockTheCarrier();
    var watchdog = watchdog(Duration.ofMillis(200), Duration.ofSeconds(1));
    var probing = Thread.ofPlatform().start(() -> probe(watchdog));
    assertThat(probing.join(Duration.ofSeconds(20))).isTrue();
    assertThat(halts).hasValue(1);
    assertThat(liveness).containsExactly(LivenessState.BROKEN);
  }

  @Test
  void exitAfterZeroNeverHalts() throws Exception {
    blockTheCarrier();
    var watchdog = watchdog(Duration.ofMillis(200), Duration.ZERO);
    var probing = Thread.ofPlatform().start(() -> probe(watchdog));
    awaitLiveness(LivenessState.BROKEN);
    // why: long enough for several of the probe's one-second checks
    assertThat(probing.join(Duration.ofSeconds(3))).isFalse();
    assertThat(halts).hasValue(0);
    unblock.countDown();
    assertThat(probing.join(Duration.ofSeconds(10))).isTrue();
  }

  private Watchdog watchdog(Duration stallAfter, Duration exitAfter) {
    return new Watchdog(
        new WatchdogProperties(true, stallAfter, exitAfter, Duration.ofMillis(50)),
        carriers,
        liveness::add,
        halts::incrementAndGet,
        dumps,
        meters);
  }

  private void blockTheCarrier() throws InterruptedException {
    var blocked = new CountDownLatch(1);
    carriers.execute(
        () -> {
          blocked.countDown();
          try {
            unblock.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        });
    assertThat(blocked.await(10, TimeUnit.SECONDS)).isTrue();
  }

  private void awaitLiveness(LivenessState state) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!liveness.contains(state) && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(liveness).contains(state);
  }

  private static void probe(Watchdog watchdog) {
    try {
      watchdog.probeOnce();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
