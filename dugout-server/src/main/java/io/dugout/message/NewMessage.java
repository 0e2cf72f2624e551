package io.dugout.message;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.List;

/**
 * A validated entry that has no seq yet: a message, or (with {@code change}) a change to the
 * message at {@code targetSeq}. An edit carries its new content here, for the store to apply; the
 * stored entry keeps none (ADR 15).
 *
 * @param reply the preview of {@code replyTo} as it was when the message was checked, delivered
 *     live with the message and never stored
 */
public record NewMessage(
    String senderId,
    MessageKind kind,
    String content,
    List<Attachment> attachments,
    String clientMsgId,
    Instant sentAt,
    Long replyTo,
    Message.Reply reply,
    List<String> mentions,
    String change,
    Long targetSeq,
    String emoji,
    @JsonInclude(JsonInclude.Include.NON_NULL) SystemEvent system) {

  /** An entry that records no {@link SystemEvent}. */
  public NewMessage(
      String senderId,
      MessageKind kind,
      String content,
      List<Attachment> attachments,
      String clientMsgId,
      Instant sentAt,
      Long replyTo,
      Message.Reply reply,
      List<String> mentions,
      String change,
      Long targetSeq,
      String emoji) {
    this(
        senderId,
        kind,
        content,
        attachments,
        clientMsgId,
        sentAt,
        replyTo,
        reply,
        mentions,
        change,
        targetSeq,
        emoji,
        null);
  }

  /** A SYSTEM message that records {@code system}. */
  public static NewMessage system(
      String aboutUserId, String content, String clientMsgId, Instant at, SystemEvent system) {
    return new NewMessage(
        aboutUserId,
        MessageKind.SYSTEM,
        content,
        List.of(),
        clientMsgId,
        at,
        null,
        null,
        null,
        null,
        null,
        null,
        system);
  }

  /** A plain message. */
  public NewMessage(
      String senderId,
      MessageKind kind,
      String content,
      List<Attachment> attachments,
      String clientMsgId,
      Instant sentAt) {
    this(
        senderId,
        kind,
        content,
        attachments,
        clientMsgId,
        sentAt,
        null,
        null,
        null,
        null,
        null,
        null);
  }

  /** A change to the message at {@code targetSeq}. */
  public static NewMessage change(
      String actorId,
      MessageChange change,
      long targetSeq,
      String content,
      String emoji,
      String clientMsgId,
      Instant at) {
    return new NewMessage(
        actorId,
        null,
        content,
        null,
        clientMsgId,
        at,
        null,
        null,
        null,
        change.type(),
        targetSeq,
        emoji);
  }

  /** Whether this entry is a change; a change adds nothing to the room's message count. */
  @JsonIgnore
  public boolean isChangeEntry() {
    return change != null;
  }

  /** This entry as the room's entry number {@code seq}, the room's {@code ordinal}th message. */
  public Message withSeq(String roomId, long seq, long ordinal) {
    return new Message(
        roomId,
        seq,
        senderId,
        kind,
        content,
        attachments,
        clientMsgId,
        sentAt,
        ordinal,
        replyTo,
        reply,
        mentions,
        null,
        false,
        null,
        null,
        null,
        null,
        change,
        targetSeq,
        emoji,
        null,
        system);
  }

  /** The ordinal of this entry after an entry whose ordinal is {@code previous}. */
  public long ordinalAfter(long previous) {
    return isChangeEntry() ? previous : previous + 1;
  }
}
