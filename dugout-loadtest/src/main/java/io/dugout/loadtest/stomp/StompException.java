package io.dugout.loadtest.stomp;

/** A STOMP session could not be opened or was lost. */
public final class StompException extends RuntimeException {

  StompException(String message) {
    super(message);
  }

  StompException(String message, Throwable cause) {
    super(message, cause);
  }
}
