package io.dugout.moderation;

import io.dugout.room.RoomStore;
import io.dugout.room.RoomType;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Which rooms are GROUP rooms, read from the {@link RoomStore} once per room and kept. why: a
 * room's type never changes, so what is kept is never stale on any node, and a send to a DIRECT or
 * TRADE room, which has no moderation, pays a map lookup instead of a store read. At most {@link
 * #MAX_ROOMS} rooms are kept; past that an arbitrary one is dropped, which costs only its next
 * read. Thread-safe.
 */
@Component
class GroupRooms {

  static final int MAX_ROOMS = 100_000;

  private final RoomStore store;
  private final Map<String, Boolean> groups = new ConcurrentHashMap<>();

  GroupRooms(RoomStore store) {
    this.store = store;
  }

  /** Whether the room exists and is a GROUP room. */
  boolean isGroup(String roomId) {
    Boolean known = groups.get(roomId);
    if (known != null) {
      return known;
    }
    var room = store.find(roomId);
    if (room.isEmpty()) {
      return false; // why: not kept, a room created later is read again
    }
    boolean group = room.get().type() == RoomType.GROUP;
    if (groups.size() >= MAX_ROOMS) {
      var eldest = groups.keySet().iterator();
      if (eldest.hasNext()) {
        groups.remove(eldest.next());
      }
    }
    groups.put(roomId, group);
    return group;
  }
}
