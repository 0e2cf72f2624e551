package io.dugout.loadtest.centrifugo;

/** A Centrifugo session failed to open or was refused. */
public final class CentrifugoException extends RuntimeException {

  CentrifugoException(String message) {
    super(message);
  }

  CentrifugoException(String message, Throwable cause) {
    super(message, cause);
  }
}
