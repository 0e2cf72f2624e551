package io.dugout.loadtest.api;

/**
 * The target cannot be load-tested at all: unreachable, token rejected, or setup refused. The tool
 * stops with this one-line message and a non-zero exit status.
 */
public final class TargetException extends RuntimeException {

  public TargetException(String message) {
    super(message);
  }

  public TargetException(String message, Throwable cause) {
    super(message, cause);
  }
}
