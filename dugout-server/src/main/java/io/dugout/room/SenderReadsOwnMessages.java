package io.dugout.room;

import io.dugout.message.Message;
import io.dugout.message.MessageKind;
import io.dugout.message.MessageListener;
import org.springframework.stereotype.Component;

/** A member has read what they wrote: posting moves the sender's read marker to the message. */
@Component
class SenderReadsOwnMessages implements MessageListener {

  private final RoomStore rooms;

  SenderReadsOwnMessages(RoomStore rooms) {
    this.rooms = rooms;
  }

  @Override
  public void messagePosted(Message message) {
    if (message.kind() != MessageKind.SYSTEM) {
      rooms.markRead(message.roomId(), message.senderId(), message.seq());
    }
  }
}
