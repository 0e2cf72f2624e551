package io.dugout.message;

import java.util.List;

/**
 * A request to post a message, as it arrives over REST or STOMP. {@code senderId} may only be set
 * by a service token (or to the caller's own id).
 */
public record PostMessage(
    String clientMsgId,
    MessageKind kind,
    String content,
    List<Attachment> attachments,
    String senderId) {}
