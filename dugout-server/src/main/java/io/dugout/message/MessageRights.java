package io.dugout.message;

import io.dugout.auth.Caller;
import io.dugout.system.DugoutException;
import java.time.Duration;
import java.time.Instant;
import org.springframework.stereotype.Component;

/**
 * Who may change a message: the one place each right is decided, from the membership and moderation
 * answers of {@link RoomAccess}. Every method first requires the caller to be able to read the
 * room, so a removed member can do none of it.
 *
 * <ul>
 *   <li><b>Edit</b>: the sender, of a {@code TEXT} or {@code EMOJI} message, within {@code
 *       dugout.messages.edit-window}; a service token, any message but a SYSTEM one, at any time.
 *   <li><b>Delete</b>: the sender, a moderator of the room (its {@code OWNER} or an {@code ADMIN}),
 *       or a service token.
 *   <li><b>React</b>: any member.
 * </ul>
 *
 * <p>A user's edits and reactions, like their messages, are refused while a block stands between
 * the two members of a DIRECT or TRADE room ({@link SendBlocks}), and while the user is muted in a
 * GROUP room or it is frozen ({@link SendModeration}); deleting stays allowed, and a service token
 * is never refused for either.
 */
@Component
class MessageRights {

  private final RoomAccess access;
  private final Duration editWindow;
  private final SendBlocks blocks;
  private final SendModeration moderation;

  MessageRights(
      RoomAccess access,
      MessageProperties properties,
      SendBlocks blocks,
      SendModeration moderation) {
    this.access = access;
    this.editWindow = properties.editWindow();
    this.blocks = blocks;
    this.moderation = moderation;
  }

  void requireEditor(Caller caller, Message target, Instant now) {
    access.requireReader(caller, target.roomId());
    if (caller.service()) {
      if (target.kind() == MessageKind.SYSTEM) {
        throw DugoutException.forbidden("a SYSTEM message cannot be edited");
      }
      return;
    }
    if (!caller.userId().equals(target.senderId())) {
      throw DugoutException.forbidden("only its sender may edit a message");
    }
    if (target.kind() != MessageKind.TEXT && target.kind() != MessageKind.EMOJI) {
      throw DugoutException.forbidden("only TEXT and EMOJI messages can be edited");
    }
    if (!editWindow.isZero() && now.isAfter(target.sentAt().plus(editWindow))) {
      throw DugoutException.editWindowClosed(
          "message "
              + target.seq()
              + " can no longer be edited: its edit window of "
              + editWindow
              + " has closed");
    }
    blocks.requireUnblocked(target.roomId(), caller.userId());
    moderation.requireMayChange(target.roomId(), caller.userId());
  }

  void requireDeleter(Caller caller, Message target) {
    access.requireReader(caller, target.roomId());
    if (caller.service() || caller.userId().equals(target.senderId())) {
      return;
    }
    if (target.kind() == MessageKind.SYSTEM || !access.moderates(caller, target.roomId())) {
      throw DugoutException.forbidden(
          "only its sender or the room's owner or an admin may delete a message");
    }
  }

  void requireReactor(Caller caller, String roomId) {
    access.requireReader(caller, roomId);
    if (!caller.service()) {
      blocks.requireUnblocked(roomId, caller.userId());
      moderation.requireMayChange(roomId, caller.userId());
    }
  }
}
