package io.dugout.notification;

import io.dugout.system.DugoutException;
import io.dugout.system.Ids;
import java.util.HashSet;
import java.util.List;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Checks what a service sends and a user marks, naming the field at fault. */
@Component
class NotificationValidator {

  static final int MAX_RECIPIENTS = 1000;
  static final int MAX_IDS = 1000;
  static final int MAX_KIND = 64;
  static final int MAX_TITLE = 200;
  static final int MAX_BODY = 2000;
  static final int MAX_IDEMPOTENCY_KEY = 128;

  private final JsonMapper json;
  private final int maxDataBytes;

  NotificationValidator(JsonMapper json, NotificationProperties properties) {
    this.json = json;
    this.maxDataBytes = properties.maxDataBytes();
  }

  /** Validates a send; returns {@code data} as compact JSON text, or null. */
  String validate(SendNotifications request) {
    recipients(request.userIds());
    kind(request.kind());
    text("title", request.title(), MAX_TITLE);
    text("body", request.body(), MAX_BODY);
    if (request.idempotencyKey() != null) {
      Ids.require("idempotencyKey", request.idempotencyKey(), MAX_IDEMPOTENCY_KEY);
    }
    return data(request.data());
  }

  void ids(List<String> ids) {
    if (ids.isEmpty() || ids.size() > MAX_IDS) {
      throw DugoutException.invalid("ids", "must list 1 to " + MAX_IDS + " notification ids");
    }
    for (int i = 0; i < ids.size(); i++) {
      Ids.require("ids[" + i + "]", ids.get(i), Ids.MAX_USER_ID_LENGTH);
    }
  }

  private static void recipients(List<String> userIds) {
    if (userIds == null || userIds.isEmpty()) {
      throw DugoutException.invalid("userIds", "must name at least one user");
    }
    if (userIds.size() > MAX_RECIPIENTS) {
      throw DugoutException.invalid(
          "userIds", "must name at most " + MAX_RECIPIENTS + " users per request");
    }
    var seen = new HashSet<String>();
    for (int i = 0; i < userIds.size(); i++) {
      String field = "userIds[" + i + "]";
      Ids.requireUserId(field, userIds.get(i));
      if (!seen.add(userIds.get(i))) {
        throw DugoutException.invalid(field, "names " + userIds.get(i) + " a second time");
      }
    }
  }

  private static void kind(String kind) {
    text("kind", kind, MAX_KIND);
    for (int i = 0; i < kind.length(); i++) {
      char c = kind.charAt(i);
      boolean allowed =
          (c >= 'a' && c <= 'z')
              || (c >= 'A' && c <= 'Z')
              || (c >= '0' && c <= '9')
              || c == '.'
              || c == '_'
              || c == '-'
              || c == ':';
      if (!allowed) {
        throw DugoutException.invalid(
            "kind", "may hold only letters, digits and . _ - : (as in trade.offer)");
      }
    }
  }

  private static void text(String field, String value, int max) {
    if (value == null || value.isBlank()) {
      throw DugoutException.invalid(field, "is required");
    }
    if (value.length() > max) {
      throw DugoutException.invalid(field, "must be at most " + max + " characters");
    }
  }

  private String data(JsonNode data) {
    if (data == null || data.isNull()) {
      return null;
    }
    if (!data.isObject()) {
      throw DugoutException.invalid("data", "must be a JSON object");
    }
    byte[] compact = json.writeValueAsBytes(data);
    if (compact.length > maxDataBytes) {
      throw DugoutException.invalid(
          "data", "must be at most " + maxDataBytes + " bytes of compact JSON");
    }
    return new String(compact, java.nio.charset.StandardCharsets.UTF_8);
  }
}
