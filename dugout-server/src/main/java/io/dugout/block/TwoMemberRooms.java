package io.dugout.block;

import io.dugout.room.Member;
import io.dugout.room.RoomStore;
import io.dugout.room.RoomType;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * The two members of each DIRECT and TRADE room, and which rooms are groups, read from the {@link
 * RoomStore} once per room and kept. why: a room's type and a two-member room's members never
 * change, so what is kept is never stale on any node, and a send pays a map lookup instead of two
 * store reads. At most {@link #MAX_ROOMS} rooms are kept; past that an arbitrary one is dropped,
 * which costs only its next read. Thread-safe.
 */
@Component
class TwoMemberRooms {

  static final int MAX_ROOMS = 100_000;
  private static final List<String> GROUP = List.of();

  private final RoomStore store;
  private final Map<String, List<String>> members = new ConcurrentHashMap<>();

  TwoMemberRooms(RoomStore store) {
    this.store = store;
  }

  /**
   * The member of the DIRECT or TRADE room who is not {@code userId}; null for a GROUP room, a room
   * that does not exist, or a user who is not one of its two members.
   */
  String otherMember(String roomId, String userId) {
    List<String> pair = members.get(roomId);
    if (pair == null) {
      pair = load(roomId);
      if (pair == null) {
        return null;
      }
    }
    if (pair.size() != 2) {
      return null;
    }
    if (pair.get(0).equals(userId)) {
      return pair.get(1);
    }
    return pair.get(1).equals(userId) ? pair.get(0) : null;
  }

  private List<String> load(String roomId) {
    var room = store.find(roomId);
    if (room.isEmpty()) {
      return null;
    }
    List<String> pair =
        room.get().type() == RoomType.GROUP
            ? GROUP
            : store.members(roomId).stream().map(Member::userId).toList();
    if (pair != GROUP && pair.size() != 2) {
      return pair; // why: never keep a room read without both its members; read it again next time
    }
    if (members.size() >= MAX_ROOMS) {
      var eldest = members.keySet().iterator();
      if (eldest.hasNext()) {
        members.remove(eldest.next());
      }
    }
    members.put(roomId, pair);
    return pair;
  }
}
