package io.dugout.room;

import io.dugout.room.RoomView.MemberView;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Members as the API writes them, each member's JSON remembered while the member is unchanged: a
 * room view of a hundred members was most of the cost of entering a room, and the members of a room
 * rarely change between two entries (a member's JSON changes with its read marker; the new value is
 * simply another entry).
 *
 * <p>An entry is the app's {@link JsonMapper} output for an equal {@link MemberView}, so the bytes
 * are what Jackson would write in place. At most {@value #MAX_ENTRIES} entries (about 200 bytes
 * each) are kept; when full, all are dropped and the cache fills again.
 */
@Component
class MemberJson {

  static final int MAX_ENTRIES = 50_000;

  private final JsonMapper json;
  private final ConcurrentHashMap<MemberView, byte[]> encoded = new ConcurrentHashMap<>();

  MemberJson(JsonMapper json) {
    this.json = json;
  }

  /** The members as a JSON array. */
  byte[] array(List<MemberView> members) {
    var out = new ByteArrayOutputStream(members.size() * 128 + 2);
    out.write('[');
    for (int i = 0; i < members.size(); i++) {
      if (i > 0) {
        out.write(',');
      }
      out.writeBytes(of(members.get(i)));
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
}
