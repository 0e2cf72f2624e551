package io.dugout.message;

import java.util.ArrayList;
import java.util.List;

/**
 * How a change entry moves its target message to a new state: the one rule every store applies, in
 * the same atomic step as it stores the entry (ADR 15). Pure and deterministic, so that a retried
 * or replayed write reaches the same state.
 *
 * <p>A change applies only to a target whose {@code changedSeq} is below the change's seq, so no
 * change applies twice; nothing changes a deleted message, so a late edit cannot bring its content
 * back.
 */
public final class MessageChanges {

  /** Distinct emoji a message can carry; a further one is refused (and ignored if it races). */
  public static final int MAX_EMOJI = 20;

  private MessageChanges() {}

  /** Whether {@code change} is still to be applied to {@code target}. */
  public static boolean pending(Message target, Message change) {
    return target.changedSeq() == null || target.changedSeq() < change.seq();
  }

  /** The target after the change; the target itself when the change does not apply. */
  public static Message apply(Message target, Message change) {
    if (!pending(target, change)) {
      return target;
    }
    if (target.deleted()) {
      return state(target, target.reactions(), change.seq());
    }
    return switch (change.changeType()) {
      case EDITED ->
          target.withState(
              change.content(),
              target.attachments(),
              target.mentions(),
              change.sentAt(),
              false,
              null,
              null,
              target.reactions(),
              change.seq());
      case DELETED ->
          target.withState(
              "",
              List.of(),
              List.of(),
              target.editedAt(),
              true,
              change.sentAt(),
              change.senderId(),
              List.of(),
              change.seq());
      case REACTION_ADDED ->
          state(target, added(target.reactions(), change.emoji(), change.senderId()), change.seq());
      case REACTION_REMOVED ->
          state(
              target, removed(target.reactions(), change.emoji(), change.senderId()), change.seq());
    };
  }

  /** Whether {@code userId} reacted to the message with {@code emoji}. */
  public static boolean reacted(Message message, String emoji, String userId) {
    for (Message.Reaction reaction : message.reactions()) {
      if (reaction.emoji().equals(emoji)) {
        return reaction.users().contains(userId);
      }
    }
    return false;
  }

  private static Message state(Message target, List<Message.Reaction> reactions, long changedSeq) {
    return target.withState(
        target.content(),
        target.attachments(),
        target.mentions(),
        target.editedAt(),
        target.deleted(),
        target.deletedAt(),
        target.deletedBy(),
        reactions,
        changedSeq);
  }

  private static List<Message.Reaction> added(
      List<Message.Reaction> reactions, String emoji, String userId) {
    var next = new ArrayList<Message.Reaction>(reactions.size() + 1);
    boolean found = false;
    for (Message.Reaction reaction : reactions) {
      if (reaction.emoji().equals(emoji)) {
        found = true;
        if (!reaction.users().contains(userId)) {
          var users = new ArrayList<>(reaction.users());
          users.add(userId);
          reaction = new Message.Reaction(emoji, users.size(), users);
        }
      }
      next.add(reaction);
    }
    if (!found && reactions.size() < MAX_EMOJI) {
      next.add(new Message.Reaction(emoji, 1, List.of(userId)));
    }
    return next;
  }

  private static List<Message.Reaction> removed(
      List<Message.Reaction> reactions, String emoji, String userId) {
    var next = new ArrayList<Message.Reaction>(reactions.size());
    for (Message.Reaction reaction : reactions) {
      if (reaction.emoji().equals(emoji) && reaction.users().contains(userId)) {
        var users = new ArrayList<>(reaction.users());
        users.remove(userId);
        if (users.isEmpty()) {
          continue;
        }
        reaction = new Message.Reaction(emoji, users.size(), users);
      }
      next.add(reaction);
    }
    return next;
  }
}
