package io.dugout.realtime;

import io.dugout.room.Member;
import io.dugout.room.RoomEvent;
import io.dugout.room.RoomStore;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The user ids of each room's members, read from the {@link RoomStore} once and kept for the room's
 * next pushes of {@link RoomCountsPusher}, which then reads the records of only the members
 * connected here. why: a member record changes with every read marker, so a room's member list is
 * read afresh after each message; who is a member changes only at a join or a leave.
 *
 * <p>For one node, where every join and leave is an event of this node: a room's ids are dropped at
 * each ({@link #changed}), and ids read while one happened are used once, never kept. At most
 * {@value #ROOMS} rooms are kept, the least recently used dropped first. Thread-safe.
 */
final class RoomMemberIds {

  static final int ROOMS = 10_000;

  private final RoomStore rooms;
  private final Map<String, List<String>> kept =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, List<String>> eldest) {
          return size() > ROOMS;
        }
      };
  private long changes;

  RoomMemberIds(RoomStore rooms) {
    this.rooms = rooms;
  }

  /** The room's members' user ids, in the order they joined; empty for no such room. */
  List<String> of(String roomId) {
    long before;
    synchronized (this) {
      var ids = kept.get(roomId);
      if (ids != null) {
        return ids;
      }
      before = changes;
    }
    var ids = rooms.members(roomId).stream().map(Member::userId).toList();
    synchronized (this) {
      if (changes == before && !ids.isEmpty()) {
        kept.put(roomId, ids);
      }
    }
    return ids;
  }

  /** Forgets the room's ids at a join or a leave. */
  void changed(RoomEvent event) {
    if (event instanceof RoomEvent.MemberJoined || event instanceof RoomEvent.MemberLeft) {
      synchronized (this) {
        changes++;
        kept.remove(event.roomId());
      }
    }
  }

  synchronized boolean keeps(String roomId) {
    return kept.containsKey(roomId);
  }
}
