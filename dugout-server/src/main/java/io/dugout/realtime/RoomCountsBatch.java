package io.dugout.realtime;

import io.dugout.message.Message;
import io.dugout.room.RoomEvent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@link RoomCountsPusher} took from its queue in one pass, as the pushes to make: each room
 * with stored messages once, with its messages oldest first (one push per member for all of them),
 * and each member's moved read marker of a room once, unless messages of that room were taken with
 * it. why: the messages' push reads the members after the read was stored, so it carries the read
 * already, to every member.
 *
 * @param rooms each room's messages in the order they were taken, rooms in the order first seen
 * @param reads the reads left to push, one per member and room, in the order first seen
 */
record RoomCountsBatch(Map<String, List<Message>> rooms, List<RoomEvent.ReadMarkerMoved> reads) {

  /** The batch of {@link Message}s and {@link RoomEvent.ReadMarkerMoved}s taken in one pass. */
  static RoomCountsBatch of(List<?> taken) {
    var rooms = new LinkedHashMap<String, List<Message>>();
    var reads = new LinkedHashMap<List<String>, RoomEvent.ReadMarkerMoved>();
    for (Object item : taken) {
      switch (item) {
        case Message message ->
            rooms.computeIfAbsent(message.roomId(), room -> new ArrayList<>()).add(message);
        case RoomEvent.ReadMarkerMoved read ->
            reads.putIfAbsent(List.of(read.roomId(), read.userId()), read);
        default -> throw new IllegalArgumentException("not a message or a read: " + item);
      }
    }
    var left = new ArrayList<RoomEvent.ReadMarkerMoved>();
    for (var read : reads.values()) {
      if (!rooms.containsKey(read.roomId())) {
        left.add(read);
      }
    }
    return new RoomCountsBatch(rooms, left);
  }
}
