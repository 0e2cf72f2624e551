package io.dugout.loadtest.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.loadtest.report.Metrics;
import io.dugout.loadtest.stomp.LiveClient;
import io.dugout.loadtest.stomp.LiveSession;
import io.dugout.loadtest.stomp.StompListener;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/** A live session's sender, against a session whose sends the test holds. */
class LiveUserTests {

  @Test
  void stopsOnlyOnceASendUnderWayHasCountedTheDeliveriesItExpects() throws Exception {
    ScheduledExecutorService io = Executors.newSingleThreadScheduledExecutor();
    try {
      var session = new HeldSession(io);
      var metrics = new Metrics();
      metrics.startMeasuring();
      var measured = new MeasuredSends(1);
      measured.startAt(Long.MIN_VALUE);
      var user = new LiveUser(0, 0, "room", "hi", metrics, new AtomicIntegerArray(1), measured);
      user.connect(clientOf(session), "token", Duration.ofSeconds(5));
      user.start(
          System.nanoTime() + Duration.ofMinutes(1).toNanos(), 1_000_000, Duration.ofSeconds(5));
      assertThat(session.entered.await(5, TimeUnit.SECONDS)).as("a send under way").isTrue();

      CompletableFuture<Void> stopped = user.stopSending();
      Thread.sleep(200);
      assertThat(stopped).as("stopped while a send is under way").isNotDone();
      assertThat(metrics.expected.sum()).isZero();

      session.release.countDown();
      stopped.get(5, TimeUnit.SECONDS);
      // why: ticks that fell due while the first send was held may run before the stop does
      int sends = session.sends.get();
      assertThat(metrics.expected.sum())
          .as("every send made, the one under way included, counted its one subscriber")
          .isEqualTo(sends);
      Thread.sleep(50);
      assertThat(session.sends.get()).as("no send after the stop").isEqualTo(sends);
    } finally {
      io.shutdownNow();
    }
  }

  @Test
  void stopsAtOnceWhenTheSessionsThreadIsGone() throws Exception {
    ScheduledExecutorService io = Executors.newSingleThreadScheduledExecutor();
    var user =
        new LiveUser(
            0, 0, "room", "hi", new Metrics(), new AtomicIntegerArray(1), new MeasuredSends(1));
    user.connect(clientOf(new HeldSession(io)), "token", Duration.ofSeconds(5));
    io.shutdownNow();
    assertThat(user.stopSending()).isDone();
  }

  private static LiveClient clientOf(LiveSession session) {
    return new LiveClient() {
      @Override
      public CompletableFuture<? extends LiveSession> connect(
          int user, String token, StompListener listener) {
        return CompletableFuture.completedFuture(session);
      }

      @Override
      public String endpoint(int user) {
        return "test";
      }

      @Override
      public int endpointCount() {
        return 1;
      }

      @Override
      public void close() {}
    };
  }

  /** A session whose first send waits until the test releases it. */
  private static final class HeldSession implements LiveSession {

    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    final AtomicInteger sends = new AtomicInteger();
    private final ScheduledExecutorService io;

    HeldSession(ScheduledExecutorService io) {
      this.io = io;
    }

    @Override
    public void subscribe(String id, String destination) {}

    @Override
    public CompletableFuture<Void> subscribeWithReceipt(String id, String destination) {
      return CompletableFuture.completedFuture(null);
    }

    @Override
    public void send(String destination, String json) {
      sends.incrementAndGet();
      entered.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    @Override
    public void disconnect() {}

    @Override
    public boolean isOpen() {
      return true;
    }

    @Override
    public ScheduledExecutorService scheduler() {
      return io;
    }
  }
}
