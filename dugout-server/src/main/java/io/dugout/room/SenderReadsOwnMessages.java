package io.dugout.room;

import io.dugout.message.Message;
import io.dugout.message.MessageFollowUp;
import org.springframework.stereotype.Component;

/**
 * A member has read what they wrote: posting moves the sender's read marker to the message. The
 * marker only moves forward, so overlapping posts of one sender may arrive in any order. A store
 * that moves the marker in the message's own write (RocksDB does) leaves this nothing to write.
 */
@Component
class SenderReadsOwnMessages implements MessageFollowUp {

  private final RoomStore rooms;

  SenderReadsOwnMessages(RoomStore rooms) {
    this.rooms = rooms;
  }

  @Override
  public void messageStored(Message message) {
    if (message.readBySender()) {
      rooms.markRead(message.roomId(), message.senderId(), message.seq(), message.ordinal());
    }
  }
}
