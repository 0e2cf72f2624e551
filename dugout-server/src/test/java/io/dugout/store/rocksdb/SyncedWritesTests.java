package io.dugout.store.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SyncedWritesTests {

  private final SyncedWrites writes = new SyncedWrites(2);

  @AfterEach
  void close() {
    writes.close();
  }

  @Test
  void runsAVirtualThreadsWriteOnAWriterThreadAndReturnsOnceItIsDone() throws Exception {
    var ranOn = new AtomicReference<Thread>();
    var done = new AtomicBoolean();
    var sawDone = new AtomicBoolean();
    Thread.ofVirtual()
        .start(
            () -> {
              writes.run(
                  () -> {
                    ranOn.set(Thread.currentThread());
                    pause(100);
                    done.set(true);
                  });
              sawDone.set(done.get());
            })
        .join();
    assertThat(ranOn.get().isVirtual()).isFalse();
    assertThat(ranOn.get().getName()).startsWith("dugout-sync-write-");
    assertThat(sawDone).isTrue();
  }

  @Test
  void runsAPlatformThreadsWriteOnThatThread() {
    var ranOn = new AtomicReference<Thread>();
    writes.run(() -> ranOn.set(Thread.currentThread()));
    assertThat(ranOn.get()).isSameAs(Thread.currentThread());
  }

  @Test
  void handsTheWritesFailureToTheCallerUnchanged() throws Exception {
    var failure = new IllegalStateException("RocksDB failed: disk full");
    assertThat(
            VirtualThreads.thrownBy(
                () ->
                    writes.run(
                        () -> {
                          throw failure;
                        })))
        .isSameAs(failure);
  }

  @Test
  void waitsForTheWriteThroughAnInterruptAndKeepsTheInterrupt() throws Exception {
    var started = new CountDownLatch(1);
    var release = new CountDownLatch(1);
    var done = new AtomicBoolean();
    var sawDone = new AtomicBoolean();
    var stillInterrupted = new AtomicBoolean();
    var caller =
        Thread.ofVirtual()
            .start(
                () -> {
                  writes.run(
                      () -> {
                        started.countDown();
                        awaitQuietly(release);
                        done.set(true);
                      });
                  sawDone.set(done.get());
                  stillInterrupted.set(Thread.currentThread().isInterrupted());
                });
    assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
    caller.interrupt();
    assertThat(caller.join(Duration.ofMillis(300))).isFalse();
    release.countDown();
    caller.join();
    assertThat(sawDone).isTrue();
    assertThat(stillInterrupted).isTrue();
  }

  @Test
  void leavesTheCarriersFreeWhileWritesHoldTheirThreads() throws Exception {
    // why: a write that spins holds whatever thread runs it, as a native fsync does; were the
    // writes run on the callers' carriers, more of them than carriers would leave no carrier
    // for the thread that lets them finish
    int carriers =
        Integer.getInteger(
            "jdk.virtualThreadScheduler.parallelism", Runtime.getRuntime().availableProcessors());
    int spinning = carriers + 1;
    var many = new SyncedWrites(spinning);
    var released = new AtomicBoolean();
    var finished = new CountDownLatch(spinning);
    var timedOut = new AtomicBoolean();
    var callers = new ArrayList<Thread>();
    try {
      for (int i = 0; i < spinning; i++) {
        callers.add(
            Thread.ofVirtual()
                .start(
                    () -> {
                      many.run(
                          () -> {
                            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                            while (!released.get()) {
                              if (System.nanoTime() > deadline) {
                                timedOut.set(true);
                                return;
                              }
                              Thread.onSpinWait();
                            }
                          });
                      finished.countDown();
                    }));
      }
      pause(200);
      Thread.ofVirtual().start(() -> released.set(true)).join();
      assertThat(finished.await(20, TimeUnit.SECONDS)).isTrue();
      assertThat(timedOut).isFalse();
    } finally {
      released.set(true);
      for (Thread caller : callers) {
        caller.join();
      }
      many.close();
    }
  }

  @Test
  void finishesTheWritesHandedOverBeforeClosingAndRefusesLaterOnes() throws Exception {
    var done = new AtomicBoolean();
    var started = new CountDownLatch(1);
    var caller =
        Thread.ofVirtual()
            .start(
                () ->
                    writes.run(
                        () -> {
                          started.countDown();
                          pause(200);
                          done.set(true);
                        }));
    assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
    writes.close();
    assertThat(done).isTrue();
    caller.join();
    assertThat(VirtualThreads.thrownBy(() -> writes.run(() -> {})))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("RocksDB is closed");
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
