package io.dugout.message;

import io.dugout.auth.Caller;
import io.dugout.system.DugoutException;
import java.time.Clock;
import java.util.UUID;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Service;

/**
 * Edits, deletes and reactions: each one an entry of the room's log, sequenced, stored and
 * delivered exactly like a message (ADR 15). Rights are {@link MessageRights}'; the store applies
 * the change to its target in the same atomic step ({@link MessageStore}).
 *
 * <p>A change that would change nothing (a reaction the user already has, removing one they do not
 * have, deleting a deleted message) adds no entry and answers the message as it is, so a client may
 * repeat any of them safely even without its {@code clientMsgId}. A repeated {@code clientMsgId}
 * answers the original change.
 *
 * <p>A delete takes the message's uploaded files with it ({@link AttachmentUploads#releasing}
 * before the delete entry is appended, {@link AttachmentUploads#released} once it is durable). The
 * append returns only after the entry is committed, on this node's store or by the room's partition
 * owner in a cluster, so the same two steps hold in both modes.
 *
 * <p>An edit's new text passes the {@link MessageScreen} as a new message's content does.
 */
@Service
public class MessageEdits {

  private final MessageService messages;
  private final MessageRights rights;
  private final MessageValidator validator;
  private final Clock clock;
  private final AttachmentUploads uploads;
  private final ScreenStep screen;

  MessageEdits(
      MessageService messages,
      MessageRights rights,
      MessageValidator validator,
      Clock clock,
      ObjectProvider<AttachmentUploads> uploads,
      ScreenStep screen) {
    this.messages = messages;
    this.rights = rights;
    this.validator = validator;
    this.clock = clock;
    this.uploads = uploads.getIfAvailable(() -> AttachmentUploads.NONE);
    this.screen = screen;
  }

  /** Replaces a message's content. */
  public Changed edit(Caller caller, String roomId, long seq, String clientMsgId, String content) {
    validator.editedContent(clientMsgId, content);
    var target = target(caller, roomId, seq);
    var now = clock.instant();
    rights.requireEditor(caller, target, now);
    if (target.deleted()) {
      throw DugoutException.conflict("message " + seq + " was deleted");
    }
    String screened = screen.edit(caller.userId(), target, clientMsgId, content);
    return append(
        roomId,
        NewMessage.change(
            caller.userId(), MessageChange.EDITED, seq, screened, null, clientMsgId, now));
  }

  /** Deletes a message: its content and attachments leave the store; a tombstone keeps its seq. */
  public Changed delete(Caller caller, String roomId, long seq, String clientMsgId) {
    String key = key(clientMsgId);
    var target = target(caller, roomId, seq);
    rights.requireDeleter(caller, target);
    if (target.deleted()) {
      return new Changed(target, false);
    }
    var attachments = target.attachments();
    uploads.releasing(roomId, seq, attachments);
    var changed =
        append(
            roomId,
            NewMessage.change(
                caller.userId(), MessageChange.DELETED, seq, null, null, key, clock.instant()));
    if (changed.message().deleted()) {
      uploads.released(roomId, seq, attachments);
    }
    return changed;
  }

  /** Adds ({@code add}) or removes the caller's reaction with {@code emoji} to a message. */
  public Changed react(
      Caller caller, String roomId, long seq, String emoji, String clientMsgId, boolean add) {
    MessageValidator.emoji(emoji);
    String key = key(clientMsgId);
    rights.requireReactor(caller, roomId);
    var target = target(caller, roomId, seq);
    if (target.deleted()) {
      throw DugoutException.conflict("message " + seq + " was deleted");
    }
    boolean has = MessageChanges.reacted(target, emoji, caller.userId());
    if (has == add) {
      return new Changed(target, false);
    }
    if (add && target.reactions().size() >= MessageChanges.MAX_EMOJI && !hasEmoji(target, emoji)) {
      throw DugoutException.conflict(
          "message " + seq + " already carries " + MessageChanges.MAX_EMOJI + " different emoji");
    }
    var change = add ? MessageChange.REACTION_ADDED : MessageChange.REACTION_REMOVED;
    return append(
        roomId, NewMessage.change(caller.userId(), change, seq, null, emoji, key, clock.instant()));
  }

  private Message target(Caller caller, String roomId, long seq) {
    messages.head(caller, roomId);
    if (seq < 1) {
      throw DugoutException.notFound("no message " + seq + " in room " + roomId);
    }
    return messages.requireMessage(roomId, seq, null);
  }

  private Changed append(String roomId, NewMessage change) {
    var appended = messages.append(roomId, change);
    var entry = appended.message();
    var target = entry.target();
    if (target == null) {
      target = messages.requireMessage(roomId, entry.targetSeq(), null);
    }
    return new Changed(target, appended.created());
  }

  private static String key(String clientMsgId) {
    if (clientMsgId == null) {
      // why: without a key a repeat is still harmless, since a change that changes nothing adds no
      // entry; a fresh key keeps the retry index one entry per change
      return "change-" + UUID.randomUUID();
    }
    MessageValidator.changeKey(clientMsgId);
    return clientMsgId;
  }

  private static boolean hasEmoji(Message target, String emoji) {
    return target.reactions().stream().anyMatch(r -> r.emoji().equals(emoji));
  }

  /** A message after a change, and whether this call added the change to the log. */
  public record Changed(Message message, boolean created) {}
}
