package io.dugout.loadtest.scenario;

import io.dugout.loadtest.stomp.Delivery;
import io.dugout.loadtest.stomp.SendStamp;
import io.dugout.loadtest.stomp.StompListener;
import io.dugout.loadtest.stomp.StompSession;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One user's persistent STOMP session that sends one message at a time and waits for it to come
 * back on the room's subscription: the send an end user's client makes, measured from SEND to the
 * own MESSAGE (the {@code echo} of {@code send} and {@code chat}). A SEND the server refuses comes
 * back on {@code /user/queue/errors} with the same {@code clientMsgId} and fails the wait with its
 * code. Not for concurrent sends.
 */
final class EchoedSender implements StompListener, AutoCloseable {

  private static final String ERRORS = "errors";

  private final int index;

  private volatile RunContext context;

  private volatile StompSession session;

  private volatile long awaited = -1;

  private volatile CompletableFuture<Long> echo = new CompletableFuture<>();

  private long counter;

  EchoedSender(int index) {
    this.index = index;
  }

  /** Connects and subscribes, waiting for the room subscription's receipt. */
  void connect(RunContext context, String token, String roomId) throws Exception {
    long timeoutMs = context.timeout().toMillis();
    session = context.stomp().connect(index, token, this).get(timeoutMs, TimeUnit.MILLISECONDS);
    this.context = context;
    context.metrics().connections.incrementAndGet();
    session.subscribe(ERRORS, "/user/queue/errors");
    session
        .subscribeWithReceipt("room", Messages.topic(roomId))
        .get(timeoutMs, TimeUnit.MILLISECONDS);
  }

  /** The stamp of the next send; its {@code clientMsgId} goes into the body. */
  SendStamp nextStamp() {
    return new SendStamp(index, counter++, SendStamp.now());
  }

  /**
   * Sends {@code json} (carrying {@code stamp}'s {@code clientMsgId}) to the room and returns the
   * microseconds until the own MESSAGE arrived.
   *
   * @throws Refused when the server refused it, or nothing came back within {@code timeout}
   */
  long send(String roomId, SendStamp stamp, String json, Duration timeout) throws Refused {
    echo = new CompletableFuture<>();
    awaited = stamp.counter();
    session.send(Messages.destination(roomId), json);
    try {
      return echo.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException ex) {
      throw new Refused(ex.getCause().getMessage());
    } catch (TimeoutException ex) {
      throw new Refused("own message not back within " + timeout.toMillis() + " ms");
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
      throw new Refused("interrupted");
    } finally {
      awaited = -1;
    }
  }

  @Override
  public void onMessage(Delivery delivery) {
    SendStamp stamp = delivery.stamp();
    if (stamp == null || stamp.sender() != index || stamp.counter() != awaited) {
      return;
    }
    if (ERRORS.equals(delivery.subscription())) {
      echo.completeExceptionally(new IllegalStateException("send refused: " + delivery.code()));
    } else {
      echo.complete(delivery.latencyMicros());
    }
  }

  @Override
  public void onError(String message) {
    echo.completeExceptionally(new IllegalStateException("ERROR frame: " + message));
  }

  @Override
  public void close() {
    if (session != null) {
      context.metrics().connections.decrementAndGet();
      session.disconnect();
    }
  }

  /** A send that did not come back as a message. */
  static final class Refused extends Exception {

    Refused(String message) {
      super(message);
    }
  }
}
