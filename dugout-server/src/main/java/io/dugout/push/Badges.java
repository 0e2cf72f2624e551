package io.dugout.push;

import io.dugout.room.RoomStore;
import org.springframework.stereotype.Component;

/**
 * A user's badge: the unread messages of all the user's rooms, muted ones included, as room lists
 * count them ({@link RoomStore#unreadTotal}). One read per push job (not per device); its cost
 * grows with the number of rooms the user is in.
 */
@Component
class Badges {

  private final RoomStore rooms;

  Badges(RoomStore rooms) {
    this.rooms = rooms;
  }

  int of(String userId) {
    return (int) Math.min(rooms.unreadTotal(userId), Integer.MAX_VALUE);
  }
}
