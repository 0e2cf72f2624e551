package io.dugout.importer;

import io.dugout.message.MessageKind;
import io.dugout.room.MemberRole;
import io.dugout.room.RoomType;
import io.dugout.system.DugoutException;
import io.dugout.system.Ids;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads one line of an import file into an {@link ImportLine}, or says exactly what is wrong with
 * it ({@link InvalidLine}): strict, so that nothing half-understood is imported.
 */
final class LineParser {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final int MAX_TITLE = 200;

  private final int maxContentBytes;

  /**
   * @param maxContentBytes the most UTF-8 bytes a message's text may have (the server's {@code
   *     dugout.limits.max-content-bytes})
   */
  LineParser(int maxContentBytes) {
    this.maxContentBytes = maxContentBytes;
  }

  /** A line that cannot be imported; its message is the reason. */
  static final class InvalidLine extends Exception {
    InvalidLine(String reason) {
      super(reason, null, false, false);
    }
  }

  ImportLine parse(long line, String text) throws InvalidLine {
    JsonNode node;
    try {
      node = JSON.readTree(text);
    } catch (JacksonException e) {
      throw new InvalidLine("not JSON: " + e.getOriginalMessage());
    }
    if (node == null || !node.isObject()) {
      throw new InvalidLine("not a JSON object");
    }
    String type = string(node, "type", true);
    return switch (type) {
      case "room" -> room(line, node);
      case "member" -> member(line, node);
      case "message" -> message(line, node);
      default -> throw new InvalidLine("type '" + type + "' is none of room, member, message");
    };
  }

  private static RoomLine room(long line, JsonNode node) throws InvalidLine {
    RoomType kind = constant(RoomType.class, "kind", string(node, "kind", true));
    String title = string(node, "title", false);
    if (title != null && title.strip().length() > MAX_TITLE) {
      throw new InvalidLine("title must be at most " + MAX_TITLE + " characters");
    }
    String itemId = id(node, "itemId", false);
    String sellerId = id(node, "sellerId", false);
    if (kind == RoomType.TRADE && (itemId == null || sellerId == null)) {
      throw new InvalidLine("a TRADE room needs itemId and sellerId");
    }
    if (kind != RoomType.TRADE && (itemId != null || sellerId != null)) {
      throw new InvalidLine("itemId and sellerId are only for TRADE rooms");
    }
    return new RoomLine(
        line,
        id(node, "id", true),
        kind,
        title == null || title.isBlank() ? null : title.strip(),
        instant(node, "createdAt", true),
        itemId,
        sellerId);
  }

  private static MemberLine member(long line, JsonNode node) throws InvalidLine {
    String role = string(node, "role", false);
    return new MemberLine(
        line,
        id(node, "roomId", true),
        id(node, "userId", true),
        role == null ? null : constant(MemberRole.class, "role", role),
        instant(node, "joinedAt", false),
        id(node, "lastReadId", false));
  }

  private MessageLine message(long line, JsonNode node) throws InvalidLine {
    String kindName = string(node, "kind", false);
    MessageKind kind =
        kindName == null ? MessageKind.TEXT : constant(MessageKind.class, "kind", kindName);
    if (kind == MessageKind.IMAGE || kind == MessageKind.FILE) {
      throw new InvalidLine("kind " + kind + " needs an attachment, which imports do not carry");
    }
    String text = string(node, "text", true);
    if (text.isBlank()) {
      throw new InvalidLine("text is empty");
    }
    if (text.getBytes(StandardCharsets.UTF_8).length > maxContentBytes) {
      throw new InvalidLine("text is longer than " + maxContentBytes + " UTF-8 bytes");
    }
    return new MessageLine(
        line,
        id(node, "roomId", true),
        id(node, "id", true),
        id(node, "senderId", true),
        kind,
        text,
        instant(node, "createdAt", true));
  }

  private static String string(JsonNode node, String field, boolean required) throws InvalidLine {
    JsonNode value = node.get(field);
    if (value == null || value.isNull()) {
      if (required) {
        throw new InvalidLine(field + " is required");
      }
      return null;
    }
    if (value.isNumber() && !value.isFloatingPointNumber()) {
      // why: SQL exports often write numeric ids as numbers
      return value.asString();
    }
    if (!value.isString()) {
      throw new InvalidLine(field + " must be a string");
    }
    return value.asString();
  }

  private static String id(JsonNode node, String field, boolean required) throws InvalidLine {
    String value = string(node, field, required);
    if (value == null) {
      return null;
    }
    try {
      return Ids.require(field, value, Ids.MAX_USER_ID_LENGTH);
    } catch (DugoutException e) {
      throw new InvalidLine(e.getMessage());
    }
  }

  private static Instant instant(JsonNode node, String field, boolean required) throws InvalidLine {
    String value = string(node, field, required);
    if (value == null) {
      return null;
    }
    try {
      return Instant.parse(value);
    } catch (DateTimeParseException e) {
      throw new InvalidLine(
          field + " '" + value + "' is not an ISO-8601 instant such as 2024-03-01T09:15:00Z");
    }
  }

  private static <E extends Enum<E>> E constant(Class<E> type, String field, String value)
      throws InvalidLine {
    try {
      return Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      var names = new StringBuilder();
      for (E constant : type.getEnumConstants()) {
        names.append(names.isEmpty() ? "" : ", ").append(constant.name());
      }
      throw new InvalidLine(field + " '" + value + "' is none of " + names);
    }
  }
}
