package io.dugout.room;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.dugout.message.Message;
import java.time.Instant;
import java.util.List;

/**
 * A room as one caller sees it: with its latest message, the caller's unread count and unread
 * mentions, and whether the caller muted it. {@code lastSeq} is the seq of the room's newest entry
 * (a message or a change to one), {@code lastMessage} its newest message as it is now. {@code
 * members} is left out of room lists; it comes last, so that a writer can append it to the rest
 * (see {@link EnterRoute}).
 */
public record RoomView(
    String id,
    RoomType type,
    String title,
    TradeContext trade,
    Instant createdAt,
    long lastSeq,
    Message lastMessage,
    Instant lastActivityAt,
    long unreadCount,
    long mentionCount,
    boolean muted,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<MemberView> members) {

  /** The same view without its members. */
  RoomView withoutMembers() {
    return new RoomView(
        id,
        type,
        title,
        trade,
        createdAt,
        lastSeq,
        lastMessage,
        lastActivityAt,
        unreadCount,
        mentionCount,
        muted,
        null);
  }

  /** A member as shown in a room. */
  public record MemberView(
      String userId, MemberRole role, Instant joinedAt, long lastReadSeq, boolean muted) {

    public static MemberView of(Member member) {
      return new MemberView(
          member.userId(), member.role(), member.joinedAt(), member.lastReadSeq(), member.muted());
    }
  }
}
