package io.dugout.room;

import java.time.Instant;

/** A user's membership in a room, with the highest seq the user has read. */
public record Member(
    String roomId, String userId, MemberRole role, Instant joinedAt, long lastReadSeq) {

  public Member withLastReadSeq(long seq) {
    return new Member(roomId, userId, role, joinedAt, seq);
  }
}
