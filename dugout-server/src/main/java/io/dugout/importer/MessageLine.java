package io.dugout.importer;

import io.dugout.message.MessageKind;
import java.time.Instant;

/**
 * {@code {"type":"message","roomId":"r-1","id":"m-1","senderId":"u-7","text":"hi","createdAt":
 * "..."}}: a message with its original id and time. Within a room messages get their seqs in the
 * order of {@code createdAt}, then {@code id}; the id becomes the message's {@code clientMsgId}, so
 * the message is stored at most once however often the file is imported.
 *
 * @param line where it is in the file
 * @param roomId the room
 * @param id the message's original id, unique per room and sender
 * @param senderId who sent it; need not be a member any more
 * @param kind TEXT (the default), EMOJI or SYSTEM
 * @param text the content
 * @param createdAt when it was sent: the message's {@code sentAt}
 */
public record MessageLine(
    long line,
    String roomId,
    String id,
    String senderId,
    MessageKind kind,
    String text,
    Instant createdAt)
    implements ImportLine, Comparable<MessageLine> {

  /** The original order: by {@code createdAt}, then by {@code id}. */
  @Override
  public int compareTo(MessageLine other) {
    int byTime = createdAt.compareTo(other.createdAt);
    return byTime != 0 ? byTime : id.compareTo(other.id);
  }
}
