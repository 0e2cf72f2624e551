package io.dugout.room;

import io.dugout.auth.Caller;
import io.dugout.auth.LeanQuery;
import io.dugout.auth.LeanRoute;
import io.dugout.message.MessageJson;
import io.dugout.message.MessageService;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /api/v1/rooms/{roomId}/enter} through the lean door: the same reads as {@link
 * RoomService#enter} (which only reads), written as the JSON of {@link RoomService.Entered} with
 * the messages' stored JSON as it is and the members' JSON from {@link MemberJson}.
 */
@Component
class EnterRoute implements LeanRoute {

  private static final byte[] ROOM = "{\"room\":".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] MEMBERS = ",\"members\":".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] LAST_MESSAGE = "\"lastMessage\":".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] NO_LAST_MESSAGE =
      "\"lastMessage\":null,".getBytes(StandardCharsets.US_ASCII);
  private static final int NULL_LENGTH = "null".length();

  private final RoomService rooms;
  private final MessageService messages;
  private final JsonMapper json;
  private final MemberJson members;

  EnterRoute(RoomService rooms, MessageService messages, JsonMapper json, MemberJson members) {
    this.rooms = rooms;
    this.messages = messages;
    this.json = json;
    this.members = members;
  }

  @Override
  public String method() {
    return "POST";
  }

  @Override
  public String template() {
    return "/api/v1/rooms/{roomId}/enter";
  }

  @Override
  public byte[] answer(Caller caller, String roomId, LeanQuery query) {
    var latest = messages.historyJson(caller, roomId, null, null, RoomService.ENTER_PAGE);
    byte[] newest = latest.messages().isEmpty() ? null : latest.messages().getFirst();
    var view =
        rooms.enteredViewWithoutLastMessage(
            caller, roomId, newest == null ? null : MessageJson.stamp(newest));
    byte[] room = json.writeValueAsBytes(view.withoutMembers());
    byte[] memberArray = members.array(view.members());
    byte[] page = latest.toJson();
    int lastMessage = newest == null ? -1 : indexOf(room, NO_LAST_MESSAGE);
    if (newest != null && lastMessage < 0) {
      throw new IllegalStateException("a room view without lastMessage");
    }
    int extra = newest == null ? 0 : newest.length - NULL_LENGTH;
    var out =
        new ByteArrayOutputStream(
            ROOM.length + room.length + extra + MEMBERS.length + memberArray.length + page.length);
    out.writeBytes(ROOM);
    // why: members come last in a room view, so they go where the room's closing brace was
    if (newest == null) {
      out.write(room, 0, room.length - 1);
    } else {
      // why: the newest message's stored JSON is the JSON the mapper writes for it (MessageJson),
      // so it takes the place of the null the view holds instead of being decoded and re-encoded
      int value = lastMessage + LAST_MESSAGE.length;
      out.write(room, 0, value);
      out.writeBytes(newest);
      int rest = value + NULL_LENGTH;
      out.write(room, rest, room.length - 1 - rest);
    }
    out.writeBytes(MEMBERS);
    out.writeBytes(memberArray);
    out.write('}');
    // why: Entered is {room, messages, hasMore}; the page is {messages, hasMore}, so the answer is
    // the room followed by the page without its opening brace
    out.write(',');
    out.write(page, 1, page.length - 1);
    return out.toByteArray();
  }

  /**
   * Where {@code part} first starts in {@code bytes}, or -1. In a JSON document the field {@code
   * "lastMessage":null} cannot occur inside a string, where every quote is escaped.
   */
  private static int indexOf(byte[] bytes, byte[] part) {
    outer:
    for (int i = 0; i + part.length <= bytes.length; i++) {
      for (int j = 0; j < part.length; j++) {
        if (bytes[i + j] != part[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
