package io.dugout.room;

import java.util.Collection;
import java.util.List;

/**
 * Blocks between users, as rooms need them: whether two users may share a DIRECT or TRADE room, and
 * who among a room's members does not want to hear of a sender. Implemented by the block
 * capability; without it ({@link #NONE}) nobody blocks anybody.
 *
 * <p>Answers reflect every block written before the call on any node.
 */
public interface RoomBlocks {

  /** Nobody blocks anybody. */
  RoomBlocks NONE =
      new RoomBlocks() {
        @Override
        public void requireNoBlockBetween(String oneUserId, String otherUserId) {}

        @Override
        public List<String> blockersAmong(String senderId, Collection<String> userIds) {
          return List.of();
        }
      };

  /**
   * Returns normally when neither user has blocked the other.
   *
   * @throws io.dugout.system.DugoutException.Forbidden with code {@code blocked} otherwise, the
   *     same whichever of them blocked
   */
  void requireNoBlockBetween(String oneUserId, String otherUserId);

  /** Those of {@code userIds} who have blocked {@code senderId}, in no particular order. */
  List<String> blockersAmong(String senderId, Collection<String> userIds);
}
