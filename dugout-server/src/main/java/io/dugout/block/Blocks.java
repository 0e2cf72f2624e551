package io.dugout.block;

import io.dugout.message.SendBlocks;
import io.dugout.room.RoomBlocks;
import io.dugout.system.DugoutException;
import java.util.Collection;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * The one place the effects of a block are decided, for rooms ({@link RoomBlocks}) and messages
 * ({@link SendBlocks}):
 *
 * <ul>
 *   <li>No DIRECT or TRADE room is created or found for two users while either blocks the other.
 *   <li>Neither of them writes (sends, edits, reacts) in an existing DIRECT or TRADE room of the
 *       two: the blocked user cannot reach the blocker, and the blocker cannot write to someone who
 *       cannot answer. Deleting one's own messages stays allowed.
 *   <li>In GROUP rooms everyone writes as before; the blocker is not notified of, nor counted
 *       mentioned by, the blocked user's messages.
 * </ul>
 *
 * <p>Every refusal has the code {@code blocked} and the same words whichever side blocked. Each
 * answer reads the {@link BlockStore}, so a block written through any node is enforced by the next
 * call on every node; only the members of two-member rooms, which never change, are kept ({@link
 * TwoMemberRooms}).
 */
@Component
class Blocks implements SendBlocks, RoomBlocks {

  private final BlockStore store;
  private final TwoMemberRooms rooms;

  Blocks(BlockStore store, TwoMemberRooms rooms) {
    this.store = store;
    this.rooms = rooms;
  }

  @Override
  public void requireUnblocked(String roomId, String userId) {
    String other = rooms.otherMember(roomId, userId);
    if (other != null && store.blocksEither(userId, other)) {
      throw DugoutException.blocked("a block stands between the members of room " + roomId);
    }
  }

  @Override
  public void requireNoBlockBetween(String oneUserId, String otherUserId) {
    if (store.blocksEither(oneUserId, otherUserId)) {
      throw DugoutException.blocked("a block stands between these users");
    }
  }

  @Override
  public List<String> blockersAmong(String senderId, Collection<String> userIds) {
    return userIds.isEmpty() ? List.of() : store.blockersAmong(senderId, userIds);
  }
}
