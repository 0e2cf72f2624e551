package io.dugout.message;

import io.dugout.auth.Caller;

/**
 * Answers who may read and write a room: the one membership rule (guarantee 5), and who moderates
 * it. Implemented by the room capability, so that messages need not know how rooms are kept. What a
 * member may do to a message is decided from these answers in {@link MessageRights}.
 */
public interface RoomAccess {

  /**
   * Returns normally when the room exists and the caller may read and write it: a member, or any
   * service caller.
   *
   * @throws io.dugout.system.DugoutException.NotFound when the room does not exist
   * @throws io.dugout.system.DugoutException.Forbidden when the caller is a user and not a member
   */
  void requireReader(Caller caller, String roomId);

  /** Whether the user is a member of the room now. */
  boolean isMember(String roomId, String userId);

  /**
   * Whether the user is a member of the room, read from the store itself and never from what a node
   * keeps of it: for checks that exist to catch a change this node was not told of. A user found
   * not to be a member is refused from then on by every check of this node.
   */
  boolean isMemberInStore(String roomId, String userId);

  /**
   * Whether the caller moderates the room: a service caller, the room's {@code OWNER} or an {@code
   * ADMIN}. Call after {@link #requireReader}.
   */
  boolean moderates(Caller caller, String roomId);
}
