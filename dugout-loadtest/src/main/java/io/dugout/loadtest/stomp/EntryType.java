package io.dugout.loadtest.stomp;

import java.nio.charset.StandardCharsets;

/**
 * The {@code type} of a MESSAGE body on a room topic: a message, or one of the changes to messages
 * that are entries of the room's log with a seq of their own (docs/protocol.md, "Changing
 * messages"). Read in place from the frame's bytes, without allocating.
 */
public enum EntryType {
  MESSAGE("message"),
  EDITED("message.edited"),
  DELETED("message.deleted"),
  REACTION_ADDED("reaction.added"),
  REACTION_REMOVED("reaction.removed"),
  /** Any other body: an error, an event of the room, or one without a {@code type}. */
  OTHER("");

  private static final byte[] KEY = "\"type\":\"".getBytes(StandardCharsets.US_ASCII);

  private static final EntryType[] NAMED = {
    MESSAGE, EDITED, DELETED, REACTION_ADDED, REACTION_REMOVED
  };

  private final String wireName;

  private final byte[] quoted;

  EntryType(String wireName) {
    this.wireName = wireName;
    this.quoted = (wireName + '"').getBytes(StandardCharsets.US_ASCII);
  }

  /** The {@code type} as Dugout writes it; empty for {@link #OTHER}. */
  public String wireName() {
    return wireName;
  }

  /** Whether this is a change to a message rather than a message. */
  public boolean isChange() {
    return this != MESSAGE && this != OTHER;
  }

  /**
   * The type of a JSON body: the value of its first {@code "type"} field, which Dugout writes first
   * (a change's {@code target} has none).
   */
  public static EntryType find(byte[] body, int from, int to) {
    int at = Bytes.indexOf(body, from, Math.min(to, from + 64), KEY);
    if (at < 0) {
      return OTHER;
    }
    int value = at + KEY.length;
    for (EntryType type : NAMED) {
      if (Bytes.startsWith(body, value, to, type.quoted)) {
        return type;
      }
    }
    return OTHER;
  }
}
