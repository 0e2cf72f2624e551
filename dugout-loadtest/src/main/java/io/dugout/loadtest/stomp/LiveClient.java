package io.dugout.loadtest.stomp;

import java.util.concurrent.CompletableFuture;

/**
 * Opens the sessions of the live scenarios ({@code chat}, {@code fanout}) to a pub/sub server:
 * Dugout over STOMP ({@link StompClient}), its floor, or a peer in its own protocol. Destinations
 * are given in Dugout's STOMP names; a client for another protocol maps them.
 */
public interface LiveClient extends AutoCloseable {

  /**
   * Opens session {@code user} with {@code token} and completes once the server accepted it; the
   * listener gets every delivery on the session's I/O thread.
   */
  CompletableFuture<? extends LiveSession> connect(int user, String token, StompListener listener);

  /** Where session {@code user} connects, for messages about it. */
  String endpoint(int user);

  /** How many distinct endpoints the sessions are spread over. */
  int endpointCount();

  @Override
  void close();
}
