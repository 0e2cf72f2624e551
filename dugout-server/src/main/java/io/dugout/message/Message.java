package io.dugout.message;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.List;

/**
 * An entry of a room's log: a message, or a change to one. {@code seq} is the entry's place in its
 * room: 1, 2, 3, … with no gaps, messages and changes alike (ADR 15).
 *
 * <p>A <b>message</b> has a {@code kind} and holds its current state: its content as last edited
 * ({@code editedAt}), or a tombstone ({@code deleted}), and its reactions. {@code changedSeq} is
 * the seq of the last change applied to it, so a client can tell whether its copy is current.
 *
 * <p>A <b>change</b> names its {@link MessageChange} type in {@code change} and the message it
 * changed in {@code targetSeq}; it holds what happened, never content. When it is delivered or
 * replayed, {@code target} carries the target as it is at that moment.
 *
 * @param ordinal how many messages the room holds up to and including this entry (a change counts
 *     none): unread counts are differences of ordinals. Entries stored before changes existed have
 *     none and read as their seq, which they were.
 * @param replyTo the seq of the message this one replies to, in the same room
 * @param reply a preview of {@code replyTo} as it is now; added when delivered, never stored
 * @param mentions the members this message mentions
 * @param target the changed message as it is now; added when delivered, never stored
 * @param system what a SYSTEM message records, for clients to read; null for every other entry and
 *     for SYSTEM messages that record none *
 *     <p>Over 300 lines: it is the one record every path passes along (stored, rendered,
 *     delivered), and most of its length is the compatibility constructors and {@code with…} copies
 *     that keep its many callers from naming every field; split, the copies would repeat the field
 *     list per file.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Message(
    String roomId,
    long seq,
    String senderId,
    MessageKind kind,
    String content,
    List<Attachment> attachments,
    String clientMsgId,
    Instant sentAt,
    long ordinal,
    Long replyTo,
    Reply reply,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> mentions,
    Instant editedAt,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean deleted,
    Instant deletedAt,
    String deletedBy,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Reaction> reactions,
    Long changedSeq,
    String change,
    Long targetSeq,
    String emoji,
    Message target,
    SystemEvent system) {

  public Message {
    if (ordinal == 0 && change == null) {
      ordinal = seq;
    }
    mentions = mentions == null ? List.of() : List.copyOf(mentions);
    reactions = reactions == null ? List.of() : List.copyOf(reactions);
  }

  /** An entry that records no {@link SystemEvent}. */
  public Message(
      String roomId,
      long seq,
      String senderId,
      MessageKind kind,
      String content,
      List<Attachment> attachments,
      String clientMsgId,
      Instant sentAt,
      long ordinal,
      Long replyTo,
      Reply reply,
      List<String> mentions,
      Instant editedAt,
      boolean deleted,
      Instant deletedAt,
      String deletedBy,
      List<Reaction> reactions,
      Long changedSeq,
      String change,
      Long targetSeq,
      String emoji,
      Message target) {
    this(
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
        editedAt,
        deleted,
        deletedAt,
        deletedBy,
        reactions,
        changedSeq,
        change,
        targetSeq,
        emoji,
        target,
        null);
  }

  /** A plain message with no reply, mention, change or reaction, its ordinal its seq. */
  public Message(
      String roomId,
      long seq,
      String senderId,
      MessageKind kind,
      String content,
      List<Attachment> attachments,
      String clientMsgId,
      Instant sentAt) {
    this(roomId, seq, seq, senderId, kind, content, attachments, clientMsgId, sentAt);
  }

  /** A plain message with no reply, mention, change or reaction, at its place in the room's log. */
  public Message(
      String roomId,
      long seq,
      long ordinal,
      String senderId,
      MessageKind kind,
      String content,
      List<Attachment> attachments,
      String clientMsgId,
      Instant sentAt) {
    this(
        roomId,
        seq,
        senderId,
        kind,
        content,
        attachments,
        clientMsgId,
        sentAt,
        ordinal,
        null,
        null,
        null,
        null,
        false,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }

  /** Whether storing the message moves its sender's read marker to it: all but SYSTEM messages. */
  public boolean readBySender() {
    return kind != MessageKind.SYSTEM && change == null;
  }

  /** Whether this entry is a change to a message rather than a message. */
  @JsonIgnore
  public boolean isChangeEntry() {
    return change != null;
  }

  /** The type of change this entry is; null for a message. */
  public MessageChange changeType() {
    return change == null ? null : MessageChange.of(change);
  }

  /** Whether the entry carries parts added when delivered ({@code reply}, {@code target}). */
  @JsonIgnore
  public boolean rendered() {
    return reply != null || target != null;
  }

  /** Whether the entry is stored and shown exactly as a plain message of before changes existed. */
  @JsonIgnore
  public boolean plain() {
    return replyTo == null
        && mentions.isEmpty()
        && editedAt == null
        && !deleted
        && deletedAt == null
        && deletedBy == null
        && reactions.isEmpty()
        && changedSeq == null
        && change == null
        && targetSeq == null
        && emoji == null
        && reply == null
        && target == null
        && system == null;
  }

  /**
   * The entry as the store keeps it: without the parts added when delivered, and for a change
   * without the content an edit brought (that lives on its target only).
   */
  public Message stored() {
    if (!rendered() && (change == null || content == null)) {
      return this;
    }
    return new Message(
        roomId,
        seq,
        senderId,
        kind,
        change == null ? content : null,
        attachments,
        clientMsgId,
        sentAt,
        ordinal,
        replyTo,
        null,
        mentions,
        editedAt,
        deleted,
        deletedAt,
        deletedBy,
        reactions,
        changedSeq,
        change,
        targetSeq,
        emoji,
        null,
        system);
  }

  /** The entry with the parts added when it is delivered. */
  public Message withRendered(Reply reply, Message target) {
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
        editedAt,
        deleted,
        deletedAt,
        deletedBy,
        reactions,
        changedSeq,
        change,
        targetSeq,
        emoji,
        target,
        system);
  }

  /** The message in a new state: content, edit, deletion and reactions as given. */
  Message withState(
      String content,
      List<Attachment> attachments,
      List<String> mentions,
      Instant editedAt,
      boolean deleted,
      Instant deletedAt,
      String deletedBy,
      List<Reaction> reactions,
      long changedSeq) {
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
        null,
        mentions,
        editedAt,
        deleted,
        deletedAt,
        deletedBy,
        reactions,
        changedSeq,
        change,
        targetSeq,
        emoji,
        null,
        system);
  }

  /** One emoji on a message: how many reacted with it, and who, in the order they did. */
  public record Reaction(String emoji, long count, List<String> users) {

    public Reaction {
      users = users == null ? List.of() : List.copyOf(users);
    }
  }

  /**
   * A short preview of the message a reply answers, as that message is now.
   *
   * @param content the start of its content; empty when it was deleted
   */
  public record Reply(
      long seq,
      String senderId,
      MessageKind kind,
      String content,
      @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean edited,
      @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean deleted) {

    /** Code points of content a preview keeps. */
    public static final int PREVIEW = 100;

    static Reply of(Message message) {
      String content = message.content() == null ? "" : message.content();
      if (content.codePointCount(0, content.length()) > PREVIEW) {
        content = content.substring(0, content.offsetByCodePoints(0, PREVIEW)) + "…";
      }
      return new Reply(
          message.seq(),
          message.senderId(),
          message.kind(),
          content,
          message.editedAt() != null,
          message.deleted());
    }
  }
}
