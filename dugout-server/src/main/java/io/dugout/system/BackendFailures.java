package io.dugout.system;

/**
 * Tells a remote backend's outage (unreachable, timing out, between primaries) from a bug, among
 * the exceptions that reach the REST and STOMP edges, so that the client gets a clear {@code
 * unavailable} error (REST 503, a STOMP error with code {@code unavailable}) instead of an internal
 * one. Each adapter that talks to a remote backend contributes one; none is needed where a
 * backend's failures are already reported as {@link DugoutException}s.
 *
 * <p>Guarantees: never throws; recognises only failures after which trying again later is right.
 */
public interface BackendFailures {

  /**
   * The error to report instead of {@code failure}, or {@code null} when it is not an outage of
   * this backend.
   */
  DugoutException.Unavailable asUnavailable(RuntimeException failure);

  /**
   * Whether {@code failure} belongs to an outage of this backend that is under way and was logged
   * when it began ({@link BackendOutage}): the caller then logs it at DEBUG, not once per failed
   * request.
   */
  default boolean alreadyLogged(RuntimeException failure) {
    return false;
  }
}
