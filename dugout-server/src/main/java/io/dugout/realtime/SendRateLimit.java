package io.dugout.realtime;

/**
 * How many messages a user may send over STOMP: {@code dugout.realtime.messages-per-second}
 * sustained, up to {@code message-burst} at once, counted over all the user's sessions.
 *
 * <p>Guarantees: thread-safe; never throws and never waits long (a limit that cannot be checked
 * lets the send through, or falls back to a stricter local count). One node's limit is exact
 * ({@link LocalSendRateLimiter}); a cluster's is shared by every node, approximately (a Redis
 * counter, {@code RedisSendRateLimiter}).
 */
public interface SendRateLimit {

  /** Takes one send from the user's allowance; false when there is none left now. */
  boolean tryAcquire(String userId);

  /** The user has no open session on this node any more; what is kept for them here may go. */
  void forget(String userId);

  /**
   * Whether {@link #tryAcquire} never waits (no lock held beyond in-memory work, no round trip), so
   * that it may run in a {@link io.dugout.message.NoWait#attempt}. False unless an adapter is
   * written for it.
   */
  default boolean triesWithoutWaiting() {
    return false;
  }
}
