package io.dugout.room;

import io.dugout.message.Message;
import io.dugout.message.MessageFollowUp;
import org.springframework.stereotype.Component;

/**
 * A message that mentions members counts for each of them until they read past it: its seq joins
 * each mentioned member's {@link Member#mentions}, from which room lists count unread mentions. The
 * sender's own mention of themselves counts nothing, nor does a mention of a member who blocked the
 * sender ({@link RoomBlocks}).
 */
@Component
class MentionedMembers implements MessageFollowUp {

  private final RoomStore rooms;
  private final RoomBlocks blocks;

  MentionedMembers(RoomStore rooms, RoomBlocks blocks) {
    this.rooms = rooms;
    this.blocks = blocks;
  }

  @Override
  public void messageStored(Message message) {
    if (message.mentions().isEmpty() || message.isChangeEntry()) {
      return;
    }
    var others = message.mentions().stream().filter(id -> !id.equals(message.senderId())).toList();
    if (!others.isEmpty()) {
      var blockers = blocks.blockersAmong(message.senderId(), others);
      if (!blockers.isEmpty()) {
        others = others.stream().filter(id -> !blockers.contains(id)).toList();
      }
    }
    if (!others.isEmpty()) {
      rooms.mention(message.roomId(), others, message.seq());
    }
  }
}
