package io.dugout.loadtest.scenario;

import io.dugout.loadtest.stomp.SendStamp;

/** The messages the scenarios send: a TEXT message whose clientMsgId carries the send stamp. */
final class Messages {

  private Messages() {}

  static String destination(String roomId) {
    return "/app/rooms." + roomId + ".messages";
  }

  static String topic(String roomId) {
    return "/topic/rooms." + roomId;
  }

  static String json(SendStamp stamp, String content) {
    return "{\"clientMsgId\":\""
        + stamp.clientMsgId()
        + "\",\"kind\":\"TEXT\",\"content\":\""
        + content
        + "\"}";
  }

  /** ASCII filler of exactly {@code bytes} bytes (at least 1). */
  static String content(int bytes) {
    String base = "dugout load test message ";
    StringBuilder text = new StringBuilder(Math.max(1, bytes));
    while (text.length() < Math.max(1, bytes)) {
      text.append(base);
    }
    return text.substring(0, Math.max(1, bytes));
  }
}
