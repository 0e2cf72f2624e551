package io.dugout.screen;

import io.dugout.room.Room;
import io.dugout.room.RoomStore;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The type of a room, for the hook's request: read once per room, since it never changes. At most
 * {@value #REMEMBERED} rooms are remembered, then all are forgotten and read again.
 */
final class RoomTypes {

  static final int REMEMBERED = 100_000;

  private final RoomStore rooms;
  private final ConcurrentHashMap<String, String> types = new ConcurrentHashMap<>();

  RoomTypes(RoomStore rooms) {
    this.rooms = rooms;
  }

  /** The room's type ({@code DIRECT}, {@code TRADE}, {@code GROUP}), null when there is none. */
  String of(String roomId) {
    String known = types.get(roomId);
    if (known != null) {
      return known;
    }
    String type = rooms.find(roomId).map(Room::type).map(Enum::name).orElse(null);
    if (type != null) {
      if (types.size() >= REMEMBERED) {
        types.clear();
      }
      types.put(roomId, type);
    }
    return type;
  }
}
