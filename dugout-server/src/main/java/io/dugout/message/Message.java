package io.dugout.message;

import java.time.Instant;
import java.util.List;

/** A stored message. {@code seq} is the message's place in its room: 1, 2, 3, … with no gaps. */
public record Message(
    String roomId,
    long seq,
    String senderId,
    MessageKind kind,
    String content,
    List<Attachment> attachments,
    String clientMsgId,
    Instant sentAt) {

  /** Whether storing the message moves its sender's read marker to it: all but SYSTEM messages. */
  public boolean readBySender() {
    return kind != MessageKind.SYSTEM;
  }
}
