package io.dugout.room;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A user's membership in a room, with the highest seq the user has read, and whether the user muted
 * the room (no chat notifications from it).
 *
 * @param lastReadOrdinal the {@linkplain io.dugout.message.Message#ordinal ordinal} of the entry at
 *     {@code lastReadSeq}: the room's messages up to there, so that the unread count is a
 *     difference of ordinals whatever changes lie between. A member stored before ordinals existed
 *     reads as its seq, which it was.
 * @param mentions the seqs of the room's newest messages that mention the user (at most {@value
 *     #MENTIONS_KEPT}, oldest first); those above {@code lastReadSeq} are unread mentions
 */
public record Member(
    String roomId,
    String userId,
    MemberRole role,
    Instant joinedAt,
    long lastReadSeq,
    boolean muted,
    long lastReadOrdinal,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Long> mentions) {

  /** Mentions a member keeps; a member with more unread mentions than this sees this many. */
  public static final int MENTIONS_KEPT = 100;

  public Member {
    if (lastReadOrdinal == 0) {
      lastReadOrdinal = lastReadSeq;
    }
    mentions = mentions == null ? List.of() : List.copyOf(mentions);
  }

  /** A new member, not muted, whose marker is at an entry of the given seq and ordinal. */
  public Member(
      String roomId,
      String userId,
      MemberRole role,
      Instant joinedAt,
      long lastReadSeq,
      boolean muted) {
    this(roomId, userId, role, joinedAt, lastReadSeq, muted, lastReadSeq, List.of());
  }

  /** A new member, not muted. */
  public Member(String roomId, String userId, MemberRole role, Instant joinedAt, long lastReadSeq) {
    this(roomId, userId, role, joinedAt, lastReadSeq, false);
  }

  public Member withLastRead(long seq, long ordinal) {
    return new Member(roomId, userId, role, joinedAt, seq, muted, ordinal, mentions);
  }

  public Member withMuted(boolean muted) {
    return new Member(
        roomId, userId, role, joinedAt, lastReadSeq, muted, lastReadOrdinal, mentions);
  }

  public Member withRole(MemberRole role) {
    return new Member(
        roomId, userId, role, joinedAt, lastReadSeq, muted, lastReadOrdinal, mentions);
  }

  /** The member with one more mention, keeping the newest {@value #MENTIONS_KEPT}. */
  public Member withMention(long seq) {
    if (mentions.contains(seq)) {
      return this;
    }
    var next = new ArrayList<>(mentions);
    next.add(seq);
    next.sort(null);
    if (next.size() > MENTIONS_KEPT) {
      next = new ArrayList<>(next.subList(next.size() - MENTIONS_KEPT, next.size()));
    }
    return new Member(roomId, userId, role, joinedAt, lastReadSeq, muted, lastReadOrdinal, next);
  }

  /** Unread messages in a room whose newest entry has {@code ordinal}. */
  public long unreadAt(long ordinal) {
    return Math.max(0, ordinal - lastReadOrdinal);
  }

  /** Mentions of the member in messages after the read marker. */
  public long unreadMentions() {
    long count = 0;
    for (long seq : mentions) {
      if (seq > lastReadSeq) {
        count++;
      }
    }
    return count;
  }
}
