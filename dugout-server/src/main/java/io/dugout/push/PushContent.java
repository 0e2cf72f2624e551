package io.dugout.push;

import io.dugout.notification.Notification;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a notification looks like as a push: its title, its body or a neutral text in the device's
 * language ({@link PushPlaceholders}) when previews are off (for the device, or for the whole
 * deployment), and for chat the room and seq the app opens. A notification with a collapse key
 * (chat: one per room) collapses under it; one without collapses under its own id, so an update of
 * it replaces it and nothing else.
 */
final class PushContent {

  static final String CHAT_KIND = "chat.message";

  private final boolean previews;
  private final PushPlaceholders placeholders;
  private final JsonMapper json;

  PushContent(boolean previews, PushPlaceholders placeholders, JsonMapper json) {
    this.previews = previews;
    this.placeholders = placeholders;
    this.json = json;
  }

  Push of(Notification notification, Device device, int badge) {
    boolean chat = CHAT_KIND.equals(notification.kind());
    JsonNode data = chat && notification.data() != null ? json.readTree(notification.data()) : null;
    String roomId = data == null ? null : text(data, "roomId");
    String body =
        previews && device.previews()
            ? notification.body()
            : chat
                ? placeholders.message(device.locale())
                : placeholders.notification(device.locale());
    return new Push(
        device,
        notification.title(),
        body,
        roomId,
        data == null || !data.has("seq") ? 0 : data.get("seq").asLong(),
        data == null ? null : text(data, "senderId"),
        notification.id(),
        notification.kind(),
        badge,
        notification.collapseKey() != null ? notification.collapseKey() : notification.id(),
        notification.createdAt());
  }

  private static String text(JsonNode data, String field) {
    JsonNode value = data.get(field);
    return value == null || value.isNull() ? null : value.asString();
  }
}
