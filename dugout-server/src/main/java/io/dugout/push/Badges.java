package io.dugout.push;

import io.dugout.room.RoomStore;
import org.springframework.stereotype.Component;

/**
 * A user's badge: the unread messages of all the user's rooms, muted ones included, as room lists
 * count them. One read of the user's room list per push job (not per device); its cost grows with
 * the number of rooms the user is in.
 */
@Component
class Badges {

  private final RoomStore rooms;

  Badges(RoomStore rooms) {
    this.rooms = rooms;
  }

  int of(String userId) {
    long total = 0;
    for (var listing : rooms.listingOf(userId)) {
      long ordinal = listing.newest() == null ? 0 : listing.newest().ordinal();
      total += listing.member().unreadAt(ordinal);
    }
    return (int) Math.min(total, Integer.MAX_VALUE);
  }
}
