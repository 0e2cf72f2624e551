package io.dugout.message;

import java.util.function.BooleanSupplier;

/**
 * Whether a GROUP room's moderation lets a user write now: mutes, a frozen room and slow mode.
 * Implemented by the moderation capability; without it ({@link #NONE}) nothing is refused.
 *
 * <p>Never asked for SYSTEM messages or for a service token's writes, which moderation never
 * refuses. An answer reflects every moderation action that returned before the call on any node.
 */
public interface SendModeration {

  /** Refuses nothing. */
  SendModeration NONE =
      new SendModeration() {
        @Override
        public void requireMaySend(String roomId, String userId, BooleanSupplier storedBefore) {}

        @Override
        public void requireMayChange(String roomId, String userId) {}
      };

  /**
   * Returns normally when {@code userId} may send a new message to the room now, and then starts
   * their slow-mode interval. Call after the membership check.
   *
   * @param storedBefore answers whether this send is a retry of a message already stored; asked
   *     only when slow mode would refuse, so a retry is answered with its original instead
   * @throws io.dugout.system.DugoutException with code {@code muted}, {@code frozen} or {@code
   *     slow_mode}
   */
  void requireMaySend(String roomId, String userId, BooleanSupplier storedBefore);

  /**
   * Returns normally when {@code userId} may edit or react in the room now (mutes and a frozen room
   * refuse it; slow mode does not).
   *
   * @throws io.dugout.system.DugoutException with code {@code muted} or {@code frozen}
   */
  void requireMayChange(String roomId, String userId);
}
