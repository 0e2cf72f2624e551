package io.dugout.message;

import java.time.Instant;
import java.util.List;

/** A validated message that has no seq yet. */
public record NewMessage(
    String senderId,
    MessageKind kind,
    String content,
    List<Attachment> attachments,
    String clientMsgId,
    Instant sentAt) {

  /** This message as the room's message number {@code seq}. */
  public Message withSeq(String roomId, long seq) {
    return new Message(roomId, seq, senderId, kind, content, attachments, clientMsgId, sentAt);
  }
}
