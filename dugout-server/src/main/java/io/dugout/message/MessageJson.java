package io.dugout.message;

import io.dugout.system.RecordCreators;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;

/**
 * A message's JSON: the form the API shows it in, and the form stores that keep JSON keep it in, so
 * that a stored message can go into a response as it is ({@link MessageStore#beforeJson}).
 * Jackson's defaults, which are the API's for messages ({@code HotReadApiTests} compares the two
 * byte for byte); reading ignores fields it does not know, so older nodes read what newer ones
 * wrote.
 */
public final class MessageJson {

  /** Where a message's fields start in its JSON, after the opening brace. */
  public static final int FIELDS_FROM = 1;

  private static final JsonMapper MAPPER = RecordCreators.lenientMapper();

  private static final byte[] ROOM_ID = ExactJson.ascii("{\"roomId\":");
  private static final byte[] SEQ = ExactJson.ascii(",\"seq\":");
  private static final byte[] SENDER_ID = ExactJson.ascii(",\"senderId\":");
  private static final byte[] KIND = ExactJson.ascii(",\"kind\":");
  private static final byte[] CONTENT = ExactJson.ascii(",\"content\":");
  private static final byte[] ATTACHMENTS = ExactJson.ascii(",\"attachments\":");
  private static final byte[] CLIENT_MSG_ID = ExactJson.ascii(",\"clientMsgId\":");
  private static final byte[] SENT_AT = ExactJson.ascii(",\"sentAt\":");
  private static final byte[] ORDINAL = ExactJson.ascii(",\"ordinal\":");
  private static final byte[] END = ExactJson.ascii("}");
  private static final byte[] EMPTY_ARRAY = ExactJson.ascii("[]");

  private static final byte[] PAGE_START = "{\"messages\":[".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] MORE = "],\"hasMore\":true}".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] NO_MORE = "],\"hasMore\":false}".getBytes(StandardCharsets.US_ASCII);

  private MessageJson() {}

  /**
   * The message's JSON. why: written once per SEND, by {@link ExactJson} when the message is one it
   * writes exactly as Jackson does (a {@linkplain Message#plain plain} message without attachments,
   * no control character or surrogate in its text, a year 0000–9999), which spares the 0.6 KB of
   * Jackson's own objects per call; otherwise by Jackson. The bytes are the same either way.
   */
  public static byte[] write(Message message) {
    byte[] exact = exact(message);
    return exact != null ? exact : MAPPER.writeValueAsBytes(message);
  }

  private static byte[] exact(Message message) {
    if (message.roomId() == null
        || message.senderId() == null
        || message.kind() == null
        || message.sentAt() == null
        || !ExactJson.fits(message.sentAt())
        || message.content() == null
        || message.clientMsgId() == null
        || message.attachments() == null
        || !message.attachments().isEmpty()
        || !message.plain()) {
      return null;
    }
    int roomId = ExactJson.textLength(message.roomId());
    int senderId = ExactJson.textLength(message.senderId());
    int content = ExactJson.textLength(message.content());
    int clientMsgId = ExactJson.textLength(message.clientMsgId());
    if (roomId < 0 || senderId < 0 || content < 0 || clientMsgId < 0) {
      return null;
    }
    byte[] attachments = EMPTY_ARRAY;
    var json =
        ExactJson.ofSize(
                ROOM_ID.length
                    + roomId
                    + SEQ.length
                    + ExactJson.numberLength(message.seq())
                    + SENDER_ID.length
                    + senderId
                    + KIND.length
                    + ExactJson.textLength(message.kind().name())
                    + CONTENT.length
                    + content
                    + ATTACHMENTS.length
                    + attachments.length
                    + CLIENT_MSG_ID.length
                    + clientMsgId
                    + SENT_AT.length
                    + ExactJson.instantLength(message.sentAt())
                    + ORDINAL.length
                    + ExactJson.numberLength(message.ordinal())
                    + 1)
            .raw(ROOM_ID)
            .text(message.roomId())
            .raw(SEQ)
            .number(message.seq())
            .raw(SENDER_ID)
            .text(message.senderId())
            .raw(KIND)
            .text(message.kind().name())
            .raw(CONTENT)
            .text(message.content())
            .raw(ATTACHMENTS)
            .raw(attachments)
            .raw(CLIENT_MSG_ID)
            .text(message.clientMsgId());
    return json.raw(SENT_AT)
        .instant(message.sentAt())
        .raw(ORDINAL)
        .number(message.ordinal())
        .raw(END)
        .bytes();
  }

  /** A reply's preview, as it appears inside its message's JSON. */
  static byte[] writeReply(Message.Reply reply) {
    return MAPPER.writeValueAsBytes(reply);
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
   * The start of a message's JSON with a {@code type} field first, {@code {"type":"<type>",}: with
   * the message's JSON from index {@link #FIELDS_FROM} (after its opening brace) behind it, the
   * bytes the app's mapper writes for a body of {@code type} and the message unwrapped, made without
   * encoding the message again. {@code type} must need no escaping.
   */
  public static byte[] typedHead(String type) {
    return ("{\"type\":\"" + type + "\",").getBytes(StandardCharsets.US_ASCII);
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
