package io.dugout.room;

import io.dugout.auth.Caller;
import io.dugout.fastpath.HotReadRoute;
import io.dugout.fastpath.PlainQuery;
import io.dugout.message.JsonPage;
import io.dugout.message.MessageJson;
import io.dugout.message.MessageService;
import java.nio.charset.StandardCharsets;
import org.springframework.stereotype.Component;

/**
 * {@code POST /api/v1/rooms/{roomId}/enter} through the fast path: the same reads as {@link
 * RoomService#enter} (which only reads), written as the JSON of {@link RoomService.Entered} from
 * parts kept as bytes: the messages' stored JSON as it is, the room's {@link RoomHeads head} and
 * the members' {@link MemberJson array}, with only the caller's unread and mention counts and mute
 * flag written for each call.
 */
@Component
class EnterRoute implements HotReadRoute {

  private static final byte[] ROOM = "{\"room\":".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] MUTED = ",\"muted\":true".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] NOT_MUTED = ",\"muted\":false".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] MEMBERS = ",\"members\":".getBytes(StandardCharsets.US_ASCII);
  private static final String MENTIONS = ",\"mentionCount\":";

  private final RoomService rooms;
  private final MessageService messages;
  private final RoomHeads heads;
  private final MemberJson members;

  EnterRoute(RoomService rooms, MessageService messages, RoomHeads heads, MemberJson members) {
    this.rooms = rooms;
    this.messages = messages;
    this.heads = heads;
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
  public byte[] answer(Caller caller, String roomId, PlainQuery query) {
    JsonPage latest = messages.historyJson(caller, roomId, null, null, RoomService.ENTER_PAGE);
    var entering = rooms.entering(caller, roomId);
    byte[] newest = latest.newestJson();
    byte[] message = latest.newestMessageJson();
    if (message == null && newest != null) {
      // why: a first page of changes only; the newest message lies further back
      var found = messages.latest(caller, roomId).message();
      message = found == null ? null : MessageJson.write(found);
    }
    var head = heads.of(entering.room(), newest, message);
    byte[] unread =
        (entering.unreadCount(head.ordinal()) + MENTIONS + entering.mentionCount())
            .getBytes(StandardCharsets.US_ASCII);
    byte[] muted = entering.muted() ? MUTED : NOT_MUTED;
    byte[] memberArray = members.array(roomId, entering.members());
    byte[] page = latest.toJson();
    // why: Entered is {room, messages, hasMore} and the page is {messages, hasMore}, so the answer
    // is the room followed by the page without its opening brace; members come last in a room view
    byte[] out =
        new byte
            [ROOM.length
                + head.bytes().length
                + unread.length
                + muted.length
                + MEMBERS.length
                + memberArray.length
                + 1
                + page.length];
    int at = put(ROOM, out, 0);
    at = put(head.bytes(), out, at);
    at = put(unread, out, at);
    at = put(muted, out, at);
    at = put(MEMBERS, out, at);
    at = put(memberArray, out, at);
    out[at++] = '}';
    out[at++] = ',';
    System.arraycopy(page, 1, out, at, page.length - 1);
    return out;
  }

  private static int put(byte[] part, byte[] into, int at) {
    System.arraycopy(part, 0, into, at, part.length);
    return at + part.length;
  }
}
