package io.dugout.message;

/**
 * Whether a block between two users stands in the way of a user writing to a room: a message, an
 * edit or a reaction. Implemented by the block capability; without it ({@link #NONE}) nothing is
 * blocked.
 *
 * <p>Only rooms of exactly two fixed members (DIRECT and TRADE) are ever refused; in a GROUP room a
 * block changes what the blocker is notified of, never who may write. An answer reflects every
 * block written before the call on any node: implementations read the block store, or a cache that
 * every node invalidates before a block write returns.
 */
public interface SendBlocks {

  /** Blocks nothing. */
  SendBlocks NONE = (roomId, userId) -> {};

  /**
   * Returns normally when {@code userId} may write to the room as far as blocks go. Call after the
   * membership check, so that a non-member learns nothing from it.
   *
   * @throws io.dugout.system.DugoutException.Forbidden with code {@code blocked} when the room is a
   *     DIRECT or TRADE room and either of its two members has blocked the other
   */
  void requireUnblocked(String roomId, String userId);
}
