package io.dugout.realtime;

/** Parses the destinations of Dugout's STOMP contract. */
final class Destinations {

  static final String ROOM_TOPIC = "/topic/rooms.";
  static final String APP_ROOMS = "/app/rooms.";
  static final String ERRORS = "/user/queue/errors";
  static final String ROOMS = "/user/queue/rooms";
  static final String NOTIFICATIONS = "/user/queue/notifications";

  /** Whether the destination is one of the user's own queues. */
  static boolean userQueue(String destination) {
    return destination.equals(ERRORS)
        || destination.equals(ROOMS)
        || destination.equals(NOTIFICATIONS);
  }

  /** SEND a fresh token here to extend the session past the current token's expiry. */
  static final String TOKEN = "/app/token";

  private Destinations() {}

  /** The room of a room topic, or null when the destination is not one. */
  static String topicRoom(String destination) {
    if (destination == null || !destination.startsWith(ROOM_TOPIC)) {
      return null;
    }
    String room = destination.substring(ROOM_TOPIC.length());
    return room.isEmpty() ? null : room;
  }

  static String topic(String roomId) {
    return ROOM_TOPIC + roomId;
  }

  /** An application destination: {@code /app/rooms.{roomId}.{action}}, or null. */
  static AppDestination app(String destination) {
    if (destination == null || !destination.startsWith(APP_ROOMS)) {
      return null;
    }
    String rest = destination.substring(APP_ROOMS.length());
    int dot = rest.lastIndexOf('.');
    if (dot <= 0) {
      return null;
    }
    return switch (rest.substring(dot + 1)) {
      case "messages" -> new AppDestination(rest.substring(0, dot), Action.MESSAGES);
      case "read" -> new AppDestination(rest.substring(0, dot), Action.READ);
      case "typing" -> new AppDestination(rest.substring(0, dot), Action.TYPING);
      default -> null;
    };
  }

  enum Action {
    MESSAGES,
    READ,
    TYPING
  }

  record AppDestination(String roomId, Action action) {}
}
