package io.dugout.room;

/**
 * Something that happened to a room's membership, published after it is stored — or, for typing, a
 * hint that is never stored and may be lost.
 */
public sealed interface RoomEvent {

  String roomId();

  /** A user became a member (including the first members of a new room). */
  record MemberJoined(String roomId, String userId) implements RoomEvent {}

  /** A user stopped being a member. */
  record MemberLeft(String roomId, String userId) implements RoomEvent {}

  /** A member muted or unmuted the room (set to what it was, too). */
  record MuteChanged(String roomId, String userId, boolean muted) implements RoomEvent {}

  /** A member's read marker moved forward. */
  record ReadMarkerMoved(String roomId, String userId, long seq) implements RoomEvent {}

  /**
   * A moderator changed what a member may write: a mute ({@code userId}), or the room's rules,
   * frozen or slow mode ({@code userId} null).
   */
  record ModerationChanged(String roomId, String userId) implements RoomEvent {}

  /** A member started typing (a hint, at most one per member and room per typing interval). */
  record MemberStartedTyping(String roomId, String userId) implements RoomEvent {}
}
