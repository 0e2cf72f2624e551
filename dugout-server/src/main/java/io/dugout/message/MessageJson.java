package io.dugout.message;

import io.dugout.system.RecordCreators;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;

/**
 * A message's JSON: the form the API shows it in, and the form stores that keep JSON keep it in, so
 * that a stored message can go into a response as it is ({@link MessageStore#beforeJson}).
 * Jackson's defaults, which are the API's for messages ({@code LeanReadsApiTests} compares the two
 * byte for byte); reading ignores fields it does not know, so older nodes read what newer ones
 * wrote.
 */
public final class MessageJson {

  private static final JsonMapper MAPPER = RecordCreators.lenientMapper();

  private static final byte[] PAGE_START = "{\"messages\":[".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] MORE = "],\"hasMore\":true}".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] NO_MORE = "],\"hasMore\":false}".getBytes(StandardCharsets.US_ASCII);

  private MessageJson() {}

  public static byte[] write(Message message) {
    return MAPPER.writeValueAsBytes(message);
  }

  public static Message read(byte[] json) {
    return MAPPER.readValue(json, Message.class);
  }

  /** The message's JSON as a string, for stores that keep strings (Redis). */
  public static String writeString(Message message) {
    return MAPPER.writeValueAsString(message);
  }

  public static Message read(String json) {
    return MAPPER.readValue(json, Message.class);
  }

  /**
   * A message's JSON with a {@code type} field first, {@code {"type":"<type>",…the message's
   * fields…}}: the bytes the app's mapper writes for a body of {@code type} and the message
   * unwrapped, made from the message's JSON without encoding the message again. {@code type} must
   * need no escaping.
   */
  public static byte[] typed(String type, byte[] messageJson) {
    byte[] head = ("{\"type\":\"" + type + "\",").getBytes(StandardCharsets.US_ASCII);
    byte[] out = new byte[head.length + messageJson.length - 1];
    System.arraycopy(head, 0, out, 0, head.length);
    System.arraycopy(messageJson, 1, out, head.length, messageJson.length - 1);
    return out;
  }

  /** Each message's JSON, in the same order. */
  public static List<byte[]> writeAll(List<Message> messages) {
    var json = new ArrayList<byte[]>(messages.size());
    for (Message message : messages) {
      json.add(write(message));
    }
    return json;
  }

  /**
   * The JSON of a {@link HistoryPage} whose messages are given as their JSON: the same bytes as the
   * API's mapper writes for the page, with no message decoded.
   */
  static byte[] page(List<byte[]> messages, boolean hasMore) {
    byte[] end = hasMore ? MORE : NO_MORE;
    int size = PAGE_START.length + end.length + Math.max(0, messages.size() - 1);
    for (byte[] message : messages) {
      size += message.length;
    }
    // why: one exact array, filled once; a growing stream copied the whole page a second time
    byte[] page = new byte[size];
    int at = put(PAGE_START, page, 0);
    for (int i = 0; i < messages.size(); i++) {
      if (i > 0) {
        page[at++] = ',';
      }
      at = put(messages.get(i), page, at);
    }
    put(end, page, at);
    return page;
  }

  private static int put(byte[] part, byte[] into, int at) {
    System.arraycopy(part, 0, into, at, part.length);
    return at + part.length;
  }
}
