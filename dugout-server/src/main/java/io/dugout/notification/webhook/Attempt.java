package io.dugout.notification.webhook;

import java.time.Duration;

/**
 * How one POST to the webhook went.
 *
 * @param reason null when delivered, else a metric tag: {@code http_5xx}, {@code http_4xx}, {@code
 *     http_3xx} (a redirect, never followed), {@code timeout} or {@code connection}
 * @param error what an operator reads in the dead letter ("HTTP 503", "timed out after PT10S")
 * @param retryable whether another attempt may succeed: 5xx, 408, 429, a timeout or a connection
 *     failure; never another 4xx
 * @param retryAfter the receiver's {@code Retry-After}, or null
 */
record Attempt(String reason, String error, boolean retryable, Duration retryAfter) {

  static final Attempt DELIVERED = new Attempt(null, null, false, null);

  boolean delivered() {
    return reason == null;
  }

  static Attempt status(int status, Duration retryAfter) {
    boolean retryable = status >= 500 || status == 408 || status == 429;
    String reason = status >= 500 ? "http_5xx" : status >= 400 ? "http_4xx" : "http_3xx";
    return new Attempt(reason, "HTTP " + status, retryable, retryAfter);
  }

  static Attempt timeout(Duration timeout) {
    return new Attempt("timeout", "timed out after " + timeout, true, null);
  }

  static Attempt connection(Exception e) {
    String message = e.getMessage() == null ? "" : ": " + e.getMessage();
    return new Attempt("connection", e.getClass().getSimpleName() + message, true, null);
  }
}
