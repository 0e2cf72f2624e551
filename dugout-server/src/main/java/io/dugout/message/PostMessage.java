package io.dugout.message;

import java.util.List;

/**
 * A request to post a message, as it arrives over REST or STOMP. {@code senderId} may only be set
 * by a service token (or to the caller's own id).
 *
 * @param replyTo the seq of the message of the same room this one answers, or null
 * @param mentions ids of members of the room this message mentions, or null
 */
public record PostMessage(
    String clientMsgId,
    MessageKind kind,
    String content,
    List<Attachment> attachments,
    String senderId,
    Long replyTo,
    List<String> mentions) {

  /** A message that answers nothing and mentions nobody. */
  public PostMessage(
      String clientMsgId,
      MessageKind kind,
      String content,
      List<Attachment> attachments,
      String senderId) {
    this(clientMsgId, kind, content, attachments, senderId, null, null);
  }
}
