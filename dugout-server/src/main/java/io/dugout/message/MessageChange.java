package io.dugout.message;

/** The kinds of change a room's log records about its messages (ADR 15). */
public enum MessageChange {
  EDITED("message.edited"),
  DELETED("message.deleted"),
  REACTION_ADDED("reaction.added"),
  REACTION_REMOVED("reaction.removed");

  private final String type;

  MessageChange(String type) {
    this.type = type;
  }

  /** The name clients see, in an entry's {@code change} and a frame's {@code type}. */
  public String type() {
    return type;
  }

  /** The change of that name. */
  public static MessageChange of(String type) {
    for (MessageChange change : values()) {
      if (change.type.equals(type)) {
        return change;
      }
    }
    throw new IllegalArgumentException("no change " + type);
  }
}
