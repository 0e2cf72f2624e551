package io.dugout.system;

/**
 * A backend this node is configured to use (MongoDB, Redis, Kafka) did not answer while the node
 * started. {@link BackendUnreachableAnalyzer} turns it into one line naming the backend and where
 * it was looked for, instead of a driver's stack trace.
 */
public final class BackendUnreachable extends RuntimeException {

  private final String backend;
  private final String where;

  public BackendUnreachable(String backend, String where, Throwable cause) {
    super(backend + " at " + where + " is unreachable: " + summary(cause), cause);
    this.backend = backend;
    this.where = where;
  }

  public String backend() {
    return backend;
  }

  public String where() {
    return where;
  }

  private static String summary(Throwable cause) {
    String message = cause.getMessage() == null ? "" : cause.getMessage();
    // why: drivers' messages run to a page (MongoDB's lists the cluster description); the first
    // sentence says what went wrong
    int end = message.indexOf(". ");
    String first = end > 0 ? message.substring(0, end) : message;
    return cause.getClass().getSimpleName() + (first.isEmpty() ? "" : " (" + first + ")");
  }
}
