package io.dugout.room;

import io.dugout.room.RoomView.MemberView;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * A room's members as the API writes them, remembered while they are unchanged: a room view of a
 * hundred members was most of the cost of entering a room, and the members of a room rarely change
 * between two entries.
 *
 * <p>Two memories, both of the app's {@link JsonMapper} output, so the bytes are what Jackson would
 * write in place:
 *
 * <ul>
 *   <li>each room's last array, with the list it was written from. {@link RoomStore#members} may
 *       hand out the very same unmodifiable list while none of the room's members changed; when it
 *       does, the array is the same too, and is given again without looking at a member. At most
 *       {@value #LIST_BUDGET} bytes of arrays are kept.
 *   <li>each member's JSON, for a list that is new: a member's JSON changes with its read marker,
 *       and the new value is simply another entry. At most {@value #MAX_ENTRIES} entries (about 200
 *       bytes each) are kept; when full, all are dropped and the memory fills again.
 * </ul>
 */
@Component
class MemberJson {

  static final int MAX_ENTRIES = 50_000;
  static final long LIST_BUDGET = 16L << 20;

  private final JsonMapper json;
  private final ConcurrentHashMap<MemberView, byte[]> encoded = new ConcurrentHashMap<>();
  private final RoomMemo<Written> arrays =
      new RoomMemo<>(LIST_BUDGET, written -> written.array.length + 16L * written.from.size());

  MemberJson(JsonMapper json) {
    this.json = json;
  }

  /** The room's members, in the store's order, as a JSON array of {@link MemberView}s. */
  byte[] array(String roomId, List<Member> members) {
    Written kept = arrays.get(roomId);
    if (kept != null && kept.from == members) {
      return kept.array;
    }
    byte[] array = array(members);
    arrays.keep(roomId, new Written(members, array));
    return array;
  }

  private byte[] array(List<Member> members) {
    var out = new ByteArrayOutputStream(members.size() * 128 + 2);
    out.write('[');
    for (int i = 0; i < members.size(); i++) {
      if (i > 0) {
        out.write(',');
      }
      out.writeBytes(of(MemberView.of(members.get(i))));
    }
    out.write(']');
    return out.toByteArray();
  }

  private byte[] of(MemberView member) {
    byte[] known = encoded.get(member);
    if (known != null) {
      return known;
    }
    byte[] fresh = json.writeValueAsBytes(member);
    if (encoded.size() >= MAX_ENTRIES) {
      encoded.clear();
    }
    encoded.put(member, fresh);
    return fresh;
  }

  int size() {
    return encoded.size();
  }

  /** An array and the list it was written from. */
  private record Written(List<Member> from, byte[] array) {}
}
