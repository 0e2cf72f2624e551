package io.dugout.loadtest.scenario;

import io.dugout.loadtest.stomp.EntryType;
import io.dugout.loadtest.stomp.SendStamp;

/**
 * The entries the scenarios send: a TEXT message, or an edit or a reaction change to a message,
 * each with a {@code clientMsgId} that carries the send stamp.
 */
final class Messages {

  private Messages() {}

  static String destination(String roomId) {
    return destination(roomId, EntryType.MESSAGE);
  }

  /** Where a SEND of {@code type} goes (docs/protocol.md, "Destinations"). */
  static String destination(String roomId, EntryType type) {
    String action =
        switch (type) {
          case MESSAGE -> ".messages";
          case EDITED -> ".edit";
          case DELETED -> ".delete";
          case REACTION_ADDED -> ".react";
          case REACTION_REMOVED -> ".unreact";
          case OTHER -> throw new IllegalArgumentException("no destination sends " + type);
        };
    return "/app/rooms." + roomId + action;
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

  /** The body of the SEND {@code choice} names; an edit sets the content to {@code content}. */
  static String body(SendMix.Choice choice, SendStamp stamp, String content) {
    return switch (choice.type()) {
      case MESSAGE -> json(stamp, content);
      case EDITED -> edit(stamp, choice.seq(), content);
      case REACTION_ADDED, REACTION_REMOVED -> reaction(stamp, choice.seq(), choice.emoji());
      case DELETED, OTHER -> throw new IllegalArgumentException("the load sends no " + choice);
    };
  }

  /** The body of an edit of the message at {@code seq}. */
  static String edit(SendStamp stamp, long seq, String content) {
    return "{\"clientMsgId\":\""
        + stamp.clientMsgId()
        + "\",\"seq\":"
        + seq
        + ",\"content\":\""
        + content
        + "\"}";
  }

  /** The body of adding or removing a reaction with {@code emoji} to the message at {@code seq}. */
  static String reaction(SendStamp stamp, long seq, String emoji) {
    return "{\"clientMsgId\":\""
        + stamp.clientMsgId()
        + "\",\"seq\":"
        + seq
        + ",\"emoji\":\""
        + emoji
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
