package io.dugout.loadtest.stomp;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;

/**
 * One connected session of a live scenario. Frames may be sent from any thread; they are written in
 * call order. Destinations are Dugout's STOMP names ({@code /topic/rooms.<id>}, {@code
 * /app/rooms.<id>.messages}, {@code /user/queue/errors}).
 */
public interface LiveSession {

  /** Subscribes without waiting, as a browser client does. */
  void subscribe(String id, String destination);

  /** Subscribes and completes once the server says the subscription is live. */
  CompletableFuture<Void> subscribeWithReceipt(String id, String destination);

  /** Sends a JSON body to a room's message destination. */
  void send(String destination, String json);

  /** Says goodbye and closes, without waiting for an answer. */
  void disconnect();

  boolean isOpen();

  /** The session's own I/O thread: tasks scheduled here send without a thread hand-off. */
  ScheduledExecutorService scheduler();
}
