package io.dugout.push.fcm;

import io.dugout.push.Push;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * The body of an FCM v1 send for one push: a notification (title, body), the data the app opens the
 * room with (all strings, as FCM requires), and per platform the collapse and badge: Android's
 * collapse key, tag and notification count, and for iOS devices reached through FCM the APNs
 * collapse id, thread id and badge.
 */
final class FcmMessages {

  private final JsonMapper json;

  FcmMessages(JsonMapper json) {
    this.json = json;
  }

  byte[] body(Push push) {
    var data = new LinkedHashMap<String, String>();
    data.put("notificationId", push.notificationId());
    data.put("kind", push.kind());
    if (push.roomId() != null) {
      data.put("roomId", push.roomId());
      data.put("seq", Long.toString(push.seq()));
    }
    if (push.senderId() != null) {
      data.put("senderId", push.senderId());
    }
    data.put("badge", Integer.toString(push.badge()));
    var notification = new LinkedHashMap<String, Object>();
    notification.put("title", push.title());
    notification.put("body", push.body());
    var message = new LinkedHashMap<String, Object>();
    message.put("token", push.device().token());
    message.put("notification", notification);
    message.put("data", data);
    message.put(
        "android",
        Map.of(
            "collapse_key",
            push.collapseKey(),
            "notification",
            Map.of("tag", push.collapseKey(), "notification_count", push.badge())));
    message.put(
        "apns",
        Map.of(
            "headers",
            Map.of("apns-collapse-id", push.apnsCollapseId()),
            "payload",
            Map.of("aps", Map.of("badge", push.badge(), "thread-id", push.collapseKey()))));
    return json.writeValueAsBytes(Map.of("message", message));
  }
}
