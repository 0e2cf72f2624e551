package io.dugout.message;

import java.util.List;

/**
 * Screens what a sender is about to put into a room: a new message or a new text for an edit. It
 * allows it, refuses it with a reason the sender sees, or replaces its content. Implemented by the
 * screen capability (a word filter, a before-send hook to the product's backend); {@link #NONE}
 * when nothing is configured, and then the send path skips the step without allocating.
 *
 * <p>Guarantees the send path gives every screen:
 *
 * <ul>
 *   <li><b>Before the seq.</b> It runs after membership and validation and before the message or
 *       edit is sequenced, so a refusal stores nothing and leaves no gap.
 *   <li><b>Once, where the send arrived.</b> It runs on the caller's thread of the node that
 *       received the send (in a cluster, before the send goes to the room's partition owner, which
 *       never screens), holding no room lane or lock.
 *   <li><b>Not for an accepted retry</b>, when it {@link #callsOut}: a send or edit whose {@code
 *       clientMsgId} the store already holds for the sender is answered with the original, unasked.
 *       (A retry racing its own original, both in flight, may be asked twice; the store still keeps
 *       one message.)
 *   <li><b>A replacement is content like any other:</b> it is validated as if the sender had sent
 *       it, and is not screened again.
 * </ul>
 *
 * <p>Implementations are thread-safe.
 */
public interface MessageScreen {

  /** Allows everything; the send path does not call it. */
  MessageScreen NONE = candidate -> Verdict.ALLOW;

  /** What to do with {@code candidate}. May throw a {@code DugoutException} (an outage). */
  Verdict screen(Candidate candidate);

  /**
   * Whether {@link #screen} waits on another process (an HTTP call). Then the send path never runs
   * it where waiting is refused ({@link NoWait}) and looks up a retry first, so that an accepted
   * message is not screened again.
   */
  default boolean callsOut() {
    return false;
  }

  /**
   * A message or an edit about to be sequenced.
   *
   * @param editedSeq the seq of the message an edit changes, 0 for a new message
   * @param attachments as the sender gave them (uploads named by id), empty for an edit
   * @param mentions the mentioned members, empty for none and for an edit
   * @param replyTo the seq the message answers, or null
   */
  record Candidate(
      String roomId,
      String senderId,
      MessageKind kind,
      String content,
      List<Attachment> attachments,
      List<String> mentions,
      Long replyTo,
      String clientMsgId,
      long editedSeq) {

    /** Whether this is an edit of the message at {@link #editedSeq}. */
    public boolean edit() {
      return editedSeq > 0;
    }

    /** The same candidate with other content. */
    public Candidate withContent(String other) {
      return new Candidate(
          roomId, senderId, kind, other, attachments, mentions, replyTo, clientMsgId, editedSeq);
    }
  }

  /** A screen's answer. */
  record Verdict(Action action, String content, String reason) {

    public static final Verdict ALLOW = new Verdict(Action.ALLOW, null, null);

    /** Refuses with {@code content_refused}; {@code reason} is what the sender is told. */
    public static Verdict refuse(String reason) {
      return new Verdict(Action.REFUSE, null, reason);
    }

    /** Stores {@code content} instead of what was sent. */
    public static Verdict replace(String content) {
      return new Verdict(Action.REPLACE, content, null);
    }
  }

  /** What a verdict does. */
  enum Action {
    ALLOW,
    REFUSE,
    REPLACE
  }
}
