package io.dugout.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.HeldByAnotherThread;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;

class NoWaitTests {

  @Test
  void anAttemptTakesAFreeLockAndRefusesOneAnotherThreadHolds() throws Exception {
    var lock = new ReentrantLock();
    NoWait.attempt(
        () -> {
          NoWait.lock(lock);
          assertThat(lock.isHeldByCurrentThread()).isTrue();
          lock.unlock();
        });

    var holder = holding(lock);
    var after = new AtomicBoolean();
    assertThatThrownBy(
            () ->
                NoWait.attempt(
                    () -> {
                      NoWait.lock(lock);
                      after.set(true);
                    }))
        .isInstanceOf(NoWait.WouldWait.class);
    assertThat(after).isFalse();
    assertThat(NoWait.active()).isFalse();
    holder.close();
  }

  @Test
  void outsideAnAttemptALockIsWaitedFor() throws Exception {
    var lock = new ReentrantLock();
    lock.lock();
    var taken = new CountDownLatch(1);
    var waiter =
        Thread.ofPlatform()
            .start(
                () -> {
                  NoWait.lock(lock);
                  taken.countDown();
                  lock.unlock();
                });
    assertThat(taken.await(100, TimeUnit.MILLISECONDS)).isFalse();
    lock.unlock();
    assertThat(taken.await(10, TimeUnit.SECONDS)).isTrue();
    waiter.join();
  }

  @Test
  void aCommittedAttemptWaitsForWhatItMeetsAfterwards() throws Exception {
    var lock = new ReentrantLock();
    var holder = holding(lock);
    Thread.ofPlatform()
        .start(
            () -> {
              sleep(100);
              try {
                holder.close();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    var tookIt = new AtomicBoolean();
    NoWait.attempt(
        () -> {
          NoWait.committed();
          assertThat(NoWait.active()).isFalse();
          NoWait.lock(lock);
          tookIt.set(true);
          lock.unlock();
        });
    assertThat(tookIt).isTrue();
  }

  @Test
  void stepsThatAlwaysWaitAreRefusedOnlyInAnAttempt() {
    NoWait.refuseInAttempt();
    assertThatThrownBy(() -> NoWait.attempt(NoWait::refuseInAttempt))
        .isInstanceOf(NoWait.WouldWait.class);
    assertThat(NoWait.active()).isFalse();
  }

  @Test
  void attemptsDoNotNestAndEndWhateverTheWorkThrows() {
    assertThatThrownBy(() -> NoWait.attempt(() -> NoWait.attempt(() -> {})))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(
            () ->
                NoWait.attempt(
                    () -> {
                      throw new IllegalArgumentException("boom");
                    }))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(NoWait.active()).isFalse();
  }

  @Test
  void aVirtualThreadMayWaitAndIsNeverInAnAttempt() throws Exception {
    var thrown = new java.util.concurrent.atomic.AtomicReference<Throwable>();
    var active = new AtomicBoolean(true);
    Thread.ofVirtual()
        .start(
            () -> {
              active.set(NoWait.active());
              try {
                NoWait.attempt(() -> {});
              } catch (IllegalStateException e) {
                thrown.set(e);
              }
            })
        .join();
    assertThat(active).isFalse();
    assertThat(thrown.get()).isInstanceOf(IllegalStateException.class);
  }

  private static HeldByAnotherThread holding(ReentrantLock lock) throws InterruptedException {
    return HeldByAnotherThread.start(
        stay -> {
          lock.lock();
          try {
            stay.run();
          } finally {
            lock.unlock();
          }
        });
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
