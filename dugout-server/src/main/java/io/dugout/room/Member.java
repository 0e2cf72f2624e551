package io.dugout.room;

import java.time.Instant;

/**
 * A user's membership in a room, with the highest seq the user has read, and whether the user muted
 * the room (no chat notifications from it).
 */
public record Member(
    String roomId,
    String userId,
    MemberRole role,
    Instant joinedAt,
    long lastReadSeq,
    boolean muted) {

  /** A new member, not muted. */
  public Member(String roomId, String userId, MemberRole role, Instant joinedAt, long lastReadSeq) {
    this(roomId, userId, role, joinedAt, lastReadSeq, false);
  }

  public Member withLastReadSeq(long seq) {
    return new Member(roomId, userId, role, joinedAt, seq, muted);
  }

  public Member withMuted(boolean muted) {
    return new Member(roomId, userId, role, joinedAt, lastReadSeq, muted);
  }
}
