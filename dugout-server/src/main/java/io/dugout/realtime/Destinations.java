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

  private static final Action[] ACTIONS = Action.values();

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
    int dot = destination.lastIndexOf('.');
    if (dot <= APP_ROOMS.length()) {
      return null;
    }
    Action action = actionAt(destination, dot + 1);
    return action == null
        ? null
        : new AppDestination(destination.substring(APP_ROOMS.length(), dot), action);
  }

  /** The action named from {@code from} to the end, or null. */
  private static Action actionAt(String destination, int from) {
    for (Action action : ACTIONS) {
      if (destination.length() - from == action.path.length()
          && destination.startsWith(action.path, from)) {
        return action;
      }
    }
    return null;
  }

  enum Action {
    MESSAGES("messages"),
    READ("read"),
    TYPING("typing"),
    EDIT("edit"),
    DELETE("delete"),
    REACT("react"),
    UNREACT("unreact");

    private final String path;

    Action(String path) {
      this.path = path;
    }

    /** The last segment of the action's destination, {@code messages} in {@code .messages}. */
    String path() {
      return path;
    }
  }

  record AppDestination(String roomId, Action action) {}
}
