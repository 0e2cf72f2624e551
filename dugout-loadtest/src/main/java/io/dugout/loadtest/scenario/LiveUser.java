package io.dugout.loadtest.scenario;

import io.dugout.loadtest.report.LatencySeries;
import io.dugout.loadtest.report.Metrics;
import io.dugout.loadtest.stomp.Delivery;
import io.dugout.loadtest.stomp.LiveClient;
import io.dugout.loadtest.stomp.LiveSession;
import io.dugout.loadtest.stomp.SendStamp;
import io.dugout.loadtest.stomp.StompListener;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * One persistent session of {@link LiveLoad}: subscribed to its room and to its error queue,
 * optionally sending messages and, as its {@link SendMix} draws them, changes to messages. Every
 * entry of the room's log delivered to it, message or change, is checked and counted alike: by its
 * seq for order and duplicates, by its send stamp for latency. Everything after {@link #connect}
 * runs on the session's I/O thread, so the fields need no locking.
 */
final class LiveUser implements StompListener {

  private static final String ROOM_SUBSCRIPTION = "room";

  private static final String ERROR_SUBSCRIPTION = "errors";

  private final int index;

  private final int room;

  private final String roomId;

  private final String content;

  private final String messages;

  private final Metrics metrics;

  private final LatencySeries echo;

  private final LatencySeries delivery;

  private final AtomicIntegerArray subscribers;

  private final MeasuredSends measured;

  private final SendMix mix;

  private final EntryCounts byType;

  private volatile LiveSession session;

  private volatile boolean subscribed;

  private volatile boolean closing;

  private final SeqTracker order = new SeqTracker();

  private long counter;

  private long end;

  private boolean closedLoop;

  private Duration timeout;

  private ScheduledFuture<?> ticker;

  private ScheduledFuture<?> watchdog;

  private long awaitingEcho = -1;

  LiveUser(
      int index,
      int room,
      String roomId,
      String content,
      Metrics metrics,
      AtomicIntegerArray subscribers,
      MeasuredSends measured,
      SendMix mix,
      EntryCounts byType) {
    this.index = index;
    this.room = room;
    this.roomId = roomId;
    this.content = content;
    this.messages = Messages.destination(roomId);
    this.metrics = metrics;
    this.echo = metrics.series("echo");
    this.delivery = metrics.series("delivery");
    this.subscribers = subscribers;
    this.measured = measured;
    this.mix = mix;
    this.byType = byType;
  }

  int index() {
    return index;
  }

  boolean subscribed() {
    return subscribed;
  }

  /**
   * Connects and subscribes, waiting for the SUBSCRIBE receipt so no delivery is expected before
   * the subscription is live.
   */
  void connect(LiveClient client, String token, Duration timeout) throws Exception {
    session = client.connect(index, token, this).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    metrics.connections.incrementAndGet();
    session.subscribe(ERROR_SUBSCRIPTION, "/user/queue/errors");
    session
        .subscribeWithReceipt(ROOM_SUBSCRIPTION, Messages.topic(roomId))
        .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    subscribers.incrementAndGet(room);
    subscribed = true;
  }

  /**
   * Starts sending until {@code end}: every {@code periodNanos}, or after each echo when it is 0.
   */
  void start(long end, long periodNanos, Duration timeout) {
    this.end = end;
    this.timeout = timeout;
    this.closedLoop = periodNanos == 0;
    session
        .scheduler()
        .execute(
            () -> {
              if (closedLoop) {
                watchdog =
                    session
                        .scheduler()
                        .schedule(
                            this::send, LiveLoad.randomBelow(100_000_000), TimeUnit.NANOSECONDS);
              } else {
                ticker =
                    session
                        .scheduler()
                        .scheduleAtFixedRate(
                            this::send,
                            LiveLoad.randomBelow(periodNanos),
                            periodNanos,
                            TimeUnit.NANOSECONDS);
              }
            });
  }

  /**
   * Stops sending; the future completes on the session's I/O thread once no send is under way or
   * will start, so every send made has by then counted the deliveries it expects.
   */
  CompletableFuture<Void> stopSending() {
    LiveSession current = session;
    if (current == null) {
      return CompletableFuture.completedFuture(null);
    }
    CompletableFuture<Void> stopped = new CompletableFuture<>();
    try {
      current
          .scheduler()
          .execute(
              () -> {
                end = 0;
                if (ticker != null) {
                  ticker.cancel(false);
                }
                if (watchdog != null) {
                  watchdog.cancel(false);
                }
                stopped.complete(null);
              });
    } catch (RejectedExecutionException closed) {
      // why: the session's I/O thread is gone, and with it any send
      stopped.complete(null);
    }
    return stopped;
  }

  void close() {
    closing = true;
    if (session != null) {
      session.disconnect();
    }
  }

  private void send() {
    if (System.nanoTime() >= end) {
      stopSending();
      return;
    }
    SendStamp stamp = new SendStamp(index, counter++, SendStamp.now());
    boolean counted = measured.countSend(stamp);
    if (counted) {
      metrics.attempts.increment();
    }
    if (!session.isOpen()) {
      metrics.error("send on a closed connection");
      stopSending();
      return;
    }
    SendMix.Choice choice = mix.next(stamp.counter());
    session.send(
        choice == SendMix.MESSAGE ? messages : Messages.destination(roomId, choice.type()),
        Messages.body(choice, stamp, content));
    if (counted) {
      metrics.sent.increment();
      metrics.expected.add(subscribers.get(room));
      byType.countSent(choice.type());
    }
    if (closedLoop) {
      awaitingEcho = stamp.counter();
      // why: a lost echo must not stall a closed-loop sender for the rest of the run
      watchdog = session.scheduler().schedule(this::send, timeout.toNanos(), TimeUnit.NANOSECONDS);
    }
  }

  @Override
  public void onMessage(Delivery message) {
    SendStamp stamp = message.stamp();
    if (ERROR_SUBSCRIPTION.equals(message.subscription())) {
      boolean counted = stamp == null || measured.counts(stamp);
      if (counted) {
        metrics.error("send rejected: " + message.code());
      }
      if (stamp != null && stamp.sender() == index) {
        mix.refused(stamp.counter());
        if (counted) {
          // why: a rejected message is never delivered; it is an error, not a lost delivery
          metrics.expected.add(-subscribers.get(room));
        }
        echoed(stamp.counter());
      }
      return;
    }
    if (stamp == null) {
      return;
    }
    // why: warm-up deliveries teach the mix too, so the measured window starts with targets
    mix.seen(message.type(), message.seq(), stamp.sender() == index, stamp.counter());
    if (!metrics.measuring() || !measured.counts(stamp)) {
      if (stamp.sender() == index) {
        // why: in a warm-up the closed loop runs as in the measured window
        echoed(stamp.counter());
      }
      return;
    }
    switch (order.accept(message.seq())) {
      case DUPLICATE -> {
        metrics.duplicates.increment();
        metrics.error("duplicate delivery");
        return;
      }
      case OUT_OF_ORDER -> metrics.error("out-of-order delivery");
      case IN_ORDER -> {}
    }
    long micros = message.latencyMicros();
    metrics.received.increment();
    delivery.recordMicros(micros);
    byType.countDelivered(message.type(), micros);
    if (stamp.sender() == index) {
      echo.recordMicros(micros);
      echoed(stamp.counter());
    }
  }

  private void echoed(long counterEchoed) {
    if (closedLoop && counterEchoed == awaitingEcho) {
      awaitingEcho = -1;
      if (watchdog != null) {
        watchdog.cancel(false);
      }
      send();
    }
  }

  @Override
  public void onError(String message) {
    metrics.error("ERROR frame: " + message);
  }

  @Override
  public void onClosed() {
    if (session != null) {
      metrics.connections.decrementAndGet();
    }
    if (!closing && metrics.measuring()) {
      metrics.error("connection closed by the server");
    }
  }
}
