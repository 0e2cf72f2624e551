package io.dugout.moderation;

/**
 * Slow mode's one rule: at most one message per member per interval in a room. Shared by every node
 * that can receive the member's sends.
 *
 * <p>Guarantees every implementation keeps (checked by {@code SlowModeGateContract}):
 *
 * <ul>
 *   <li>{@link #tryPass} is atomic per (room, user): of concurrent calls within one interval, one
 *       passes and the others are told how long to wait.
 *   <li>Nothing here is durable: losing it (a restart, a Redis failover) lets each member send one
 *       message early, never refuses one that should pass.
 *   <li>Thread-safe.
 * </ul>
 */
public interface SlowModeGate {

  /**
   * Lets the user send now when their last pass in the room is at least {@code intervalMillis} old,
   * and starts a new interval.
   *
   * @return 0 when the user passed; otherwise the milliseconds (1 or more) until they may
   */
  long tryPass(String roomId, String userId, long intervalMillis);
}
