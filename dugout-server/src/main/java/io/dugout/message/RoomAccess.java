package io.dugout.message;

/**
 * Answers who may read and write a room. Implemented by the room capability, so that messages need
 * not know how rooms are kept.
 */
public interface RoomAccess {

  /**
   * Returns normally when the room exists and the user is a member of it.
   *
   * @throws io.dugout.system.DugoutException.NotFound when the room does not exist
   * @throws io.dugout.system.DugoutException.Forbidden when the user is not a member
   */
  void requireMember(String roomId, String userId);

  /**
   * Returns normally when the room exists.
   *
   * @throws io.dugout.system.DugoutException.NotFound when it does not
   */
  void requireRoom(String roomId);
}
