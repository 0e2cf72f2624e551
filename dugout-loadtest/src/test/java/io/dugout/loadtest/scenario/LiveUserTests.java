package io.dugout.loadtest.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.loadtest.report.Metrics;
import io.dugout.loadtest.stomp.Delivery;
import io.dugout.loadtest.stomp.EntryType;
import io.dugout.loadtest.stomp.LiveClient;
import io.dugout.loadtest.stomp.LiveSession;
import io.dugout.loadtest.stomp.SendStamp;
import io.dugout.loadtest.stomp.StompListener;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/** A live session's sender and receiver, against a session whose sends the test holds. */
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
      var user = plainUser(metrics, measured);
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
    var user = plainUser(new Metrics(), new MeasuredSends(1));
    user.connect(clientOf(new HeldSession(io)), "token", Duration.ofSeconds(5));
    io.shutdownNow();
    assertThat(user.stopSending()).isDone();
  }

  @Test
  void checksAndCountsAChangeToAMessageAsAnEntryOfTheLogByItsOwnSeqAndStamp() throws Exception {
    ScheduledExecutorService io = Executors.newSingleThreadScheduledExecutor();
    try {
      var metrics = new Metrics();
      metrics.startMeasuring();
      var measured = new MeasuredSends(2);
      measured.startAt(0);
      var byType = new EntryCounts();
      var user =
          new LiveUser(
              0,
              0,
              "room",
              "hi",
              metrics,
              new AtomicIntegerArray(1),
              measured,
              new SendMix(new SendMix.Shares(0, 1), new SplittableRandom(1)),
              byType);
      user.connect(clientOf(new HeldSession(io)), "token", Duration.ofSeconds(5));
      var message = new SendStamp(1, 0, SendStamp.now());
      var reaction = new SendStamp(1, 1, SendStamp.now());
      measured.countSend(message);
      measured.countSend(reaction);

      user.onMessage(delivery(5, EntryType.MESSAGE, message));
      user.onMessage(delivery(6, EntryType.REACTION_ADDED, reaction));
      user.onMessage(delivery(6, EntryType.REACTION_ADDED, reaction));

      assertThat(metrics.received.sum()).as("the message and the change").isEqualTo(2);
      assertThat(metrics.duplicates.sum()).as("the change's seq seen twice").isOne();
      assertThat(byType.delivered(EntryType.MESSAGE)).isOne();
      assertThat(byType.delivered(EntryType.REACTION_ADDED)).isOne();
    } finally {
      io.shutdownNow();
    }
  }

  private static Delivery delivery(long seq, EntryType type, SendStamp stamp) {
    return new Delivery("room", seq, type, stamp, null, SendStamp.now());
  }

  private static LiveUser plainUser(Metrics metrics, MeasuredSends measured) {
    return new LiveUser(
        0,
        0,
        "room",
        "hi",
        metrics,
        new AtomicIntegerArray(1),
        measured,
        new SendMix(SendMix.Shares.NONE, new SplittableRandom(1)),
        new EntryCounts());
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
