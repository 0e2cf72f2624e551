package io.dugout.loadtest.stomp;

/**
 * Receives what one STOMP session gets from the server. Called on the session's I/O thread:
 * implementations must be quick and must not block.
 */
public interface StompListener {

  /** A MESSAGE frame on one of this session's subscriptions. */
  void onMessage(Delivery delivery);

  /** An ERROR frame; the server usually closes the connection right after. */
  default void onError(String message) {}

  /** The connection closed, whether we asked for it or not. */
  default void onClosed() {}
}
