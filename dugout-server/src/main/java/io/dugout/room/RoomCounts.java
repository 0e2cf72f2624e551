package io.dugout.room;

import io.dugout.message.Message;
import java.util.List;

/**
 * A member's unread and mention counts of a room, as a room list shows them ({@code unreadCount},
 * {@code mentionCount}), when the room's newest entry counted is the one at {@code lastSeq}. Made
 * from the member's record alone (read marker and kept mentions), never by reading the room's
 * messages.
 */
public record RoomCounts(
    String userId, String roomId, long lastSeq, long unreadCount, long mentionCount) {

  /** The member's counts in a room whose newest entry has {@code seq} and {@code ordinal}. */
  public static RoomCounts of(Member member, long seq, long ordinal) {
    return new RoomCounts(
        member.userId(), member.roomId(), seq, member.unreadAt(ordinal), member.unreadMentions());
  }

  /**
   * The member's counts as of the newest of {@code messages}, as {@link #afterMessages(Member,
   * List, long, long)} makes them. why: no read of the room's head; the member's record is read
   * after the messages were stored, so it is at least as new, and a message stored meanwhile makes
   * counts of its own with a higher {@code lastSeq}, which clients keep over older ones.
   */
  public static RoomCounts afterMessages(Member member, List<Message> messages) {
    return afterMessages(member, messages, 0, 0);
  }

  /**
   * The member's counts in a room whose newest entry has {@code seq} and {@code ordinal}, once
   * {@code messages} (some of its newest, no change entries, in any order) are stored with what
   * follows from them: the sender's own message read ({@link Message#readBySender}), and each
   * mention kept. why: those follow-ups are written after the message, in no fixed order with the
   * reader of the counts; folding them in gives the same counts whether or not they are written
   * yet.
   */
  public static RoomCounts afterMessages(
      Member member, List<Message> messages, long seq, long ordinal) {
    long readSeq = member.lastReadSeq();
    long readOrdinal = member.lastReadOrdinal();
    long newestSeq = seq;
    long newestOrdinal = ordinal;
    for (Message message : messages) {
      newestSeq = Math.max(newestSeq, message.seq());
      newestOrdinal = Math.max(newestOrdinal, message.ordinal());
      if (message.readBySender() && message.senderId().equals(member.userId())) {
        readSeq = Math.max(readSeq, message.seq());
        readOrdinal = Math.max(readOrdinal, message.ordinal());
      }
    }
    long mentions = 0;
    for (long mentioned : member.mentions()) {
      if (mentioned > readSeq) {
        mentions++;
      }
    }
    for (Message message : messages) {
      if (message.seq() > readSeq
          && !message.senderId().equals(member.userId())
          && message.mentions().contains(member.userId())
          && !member.mentions().contains(message.seq())) {
        mentions++;
      }
    }
    return new RoomCounts(
        member.userId(),
        member.roomId(),
        newestSeq,
        Math.max(0, newestOrdinal - readOrdinal),
        mentions);
  }
}
