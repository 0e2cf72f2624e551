package io.dugout.room;

import io.dugout.message.Message;
import io.dugout.message.MessageFollowUp;
import org.springframework.stereotype.Component;

/**
 * A message that mentions members counts for each of them until they read past it: its seq joins
 * each mentioned member's {@link Member#mentions}, from which room lists count unread mentions. The
 * sender's own mention of themselves counts nothing.
 */
@Component
class MentionedMembers implements MessageFollowUp {

  private final RoomStore rooms;

  MentionedMembers(RoomStore rooms) {
    this.rooms = rooms;
  }

  @Override
  public void messageStored(Message message) {
    if (message.mentions().isEmpty() || message.isChangeEntry()) {
      return;
    }
    var others = message.mentions().stream().filter(id -> !id.equals(message.senderId())).toList();
    if (!others.isEmpty()) {
      rooms.mention(message.roomId(), others, message.seq());
    }
  }
}
