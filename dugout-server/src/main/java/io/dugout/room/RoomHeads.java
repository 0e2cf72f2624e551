package io.dugout.room;

import io.dugout.message.Message;
import io.dugout.message.MessageJson;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * The part of an entered room's JSON that is the same for every caller: a {@link RoomView} written
 * by the app's {@link JsonMapper} up to and including {@code "unreadCount":}, which with the
 * caller's unread count, mute flag and the members completes the view. It depends only on the room
 * and its newest message, so it is kept per room while both are what they were: entering a busy
 * room read the newest message back into an object and wrote the view again each time.
 *
 * <p>At most {@value #BUDGET} bytes of heads are kept; when full, all are dropped.
 */
@Component
class RoomHeads {

  static final long BUDGET = 8L << 20;

  private static final byte[] UNREAD = ",\"unreadCount\":".getBytes(StandardCharsets.US_ASCII);
  private static final String AFTER_UNREAD = ",\"mentionCount\":0,\"muted\":false}";

  private final JsonMapper json;
  private final RoomMemo<Head> heads =
      new RoomMemo<>(
          BUDGET,
          head ->
              64L
                  + head.bytes.length
                  + length(head.newest)
                  + (head.message == head.newest ? 0 : length(head.message)));

  RoomHeads(JsonMapper json) {
    this.json = json;
  }

  /**
   * The head of the room's view when its newest entry has the JSON {@code newest} and its newest
   * message the JSON {@code message} (both null when the room has no message; the same when the
   * newest entry is a message).
   */
  Head of(Room room, byte[] newest, byte[] message) {
    Head kept = heads.get(room.id());
    if (kept != null
        && kept.room.equals(room)
        && Arrays.equals(kept.newest, newest)
        && Arrays.equals(kept.message, message)) {
      return kept;
    }
    Head head = write(room, newest, message);
    heads.keep(room.id(), head);
    return head;
  }

  private Head write(Room room, byte[] newestJson, byte[] messageJson) {
    Message newest = newestJson == null ? null : MessageJson.read(newestJson);
    Message message =
        messageJson == null
            ? null
            : messageJson == newestJson ? newest : MessageJson.read(messageJson);
    RoomView view = RoomService.view(room, newest, message, null, null);
    byte[] whole = json.writeValueAsBytes(view);
    // why: unreadCount, mentionCount and muted are the last fields the view writes without members;
    // a field name cannot occur unescaped inside a string, and nested objects come before it
    int at = lastIndexOf(whole, UNREAD);
    String rest =
        at < 0
            ? ""
            : new String(
                whole,
                at + UNREAD.length,
                whole.length - at - UNREAD.length,
                StandardCharsets.UTF_8);
    if (!rest.equals(view.unreadCount() + AFTER_UNREAD)) {
      throw new IllegalStateException(
          "a room view's JSON no longer ends with its unread and mention counts and mute flag");
    }
    return new Head(
        room,
        newestJson,
        messageJson,
        newest == null ? 0 : newest.ordinal(),
        Arrays.copyOf(whole, at + UNREAD.length));
  }

  private static int lastIndexOf(byte[] in, byte[] part) {
    for (int i = in.length - part.length; i >= 0; i--) {
      if (Arrays.equals(in, i, i + part.length, part, 0, part.length)) {
        return i;
      }
    }
    return -1;
  }

  private static long length(byte[] bytes) {
    return bytes == null ? 0 : bytes.length;
  }

  int size() {
    return heads.size();
  }

  /**
   * The head of a room's view.
   *
   * @param room the room it was written for
   * @param newest the JSON of the room's newest entry it was written for, or null
   * @param message the JSON of the room's newest message it was written for, or null
   * @param ordinal the newest entry's ordinal, from which a caller's unread count follows
   * @param bytes the view's JSON up to and including {@code "unreadCount":}
   */
  record Head(Room room, byte[] newest, byte[] message, long ordinal, byte[] bytes) {}
}
