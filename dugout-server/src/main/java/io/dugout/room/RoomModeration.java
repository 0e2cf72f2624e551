package io.dugout.room;

import io.dugout.auth.Caller;

/**
 * What membership needs of moderation: who may remove another member, who moderates a room's
 * messages, and who may not be added back. Implemented by the moderation capability, which decides
 * each right in one place; rooms ask it so that the dependency points one way.
 *
 * <p>Answers reflect every ban written before the call on any node.
 */
public interface RoomModeration {

  /**
   * Returns normally when the caller may remove {@code userId}, who is not the caller, from the
   * GROUP room: a service token, the owner, or an admin removing a member who is neither.
   *
   * @throws io.dugout.system.DugoutException.Forbidden otherwise
   */
  void requireRemover(Caller caller, String roomId, String userId);

  /** {@code userId} was removed from the room by the caller: tells the room and the audit log. */
  void removed(Caller caller, String roomId, String userId);

  /** Whether the member moderates the room's messages (deletes others'): its owner or an admin. */
  boolean moderates(Member member);

  /** Whether the user is banned from the room, so that nobody may add them. */
  boolean banned(String roomId, String userId);
}
