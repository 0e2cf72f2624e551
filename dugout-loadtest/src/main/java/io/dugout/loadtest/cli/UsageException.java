package io.dugout.loadtest.cli;

/** A command line that cannot be run; the message says what is wrong. */
public final class UsageException extends RuntimeException {

  public UsageException(String message) {
    super(message);
  }
}
