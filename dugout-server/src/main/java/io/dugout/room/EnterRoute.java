package io.dugout.room;

import io.dugout.auth.Caller;
import io.dugout.auth.LeanQuery;
import io.dugout.auth.LeanRoute;
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
    var view = rooms.enteredView(caller, roomId, latest.newest());
    byte[] room = json.writeValueAsBytes(view.withoutMembers());
    byte[] memberArray = members.array(view.members());
    byte[] page = latest.toJson();
    var out =
        new ByteArrayOutputStream(
            ROOM.length + room.length + MEMBERS.length + memberArray.length + page.length);
    out.writeBytes(ROOM);
    // why: members come last in a room view, so they go where the room's closing brace was
    out.write(room, 0, room.length - 1);
    out.writeBytes(MEMBERS);
    out.writeBytes(memberArray);
    out.write('}');
    // why: Entered is {room, messages, hasMore}; the page is {messages, hasMore}, so the answer is
    // the room followed by the page without its opening brace
    out.write(',');
    out.write(page, 1, page.length - 1);
    return out.toByteArray();
  }
}
