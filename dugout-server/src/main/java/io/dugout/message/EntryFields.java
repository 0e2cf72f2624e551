package io.dugout.message;

/**
 * The numbers {@link EntryRenderer} needs from an entry's stored JSON, found without decoding it
 * and without searching all of it: the entry's {@code seq}, a change's {@code targetSeq}, a
 * message's {@code replyTo} and where that number ends. Each is -1 when the entry has none.
 *
 * <p>why: a message of a busy room carries its reactions' summary, and searching each entry whole
 * for fields it does not have was most of rendering a page. Stored JSON lists its fields in {@link
 * Message}'s order, as {@link MessageJson} writes them: {@code roomId}, {@code seq}, {@code
 * senderId}, then {@code kind} only in a message, whose {@code replyTo} follows its {@code ordinal}
 * at once. So a message is searched up to its ordinal, and a change (a short entry) from its sender
 * on; an entry that shows neither layout is searched whole. A field name with its quotes and colon
 * never occurs inside a string value, whose quotes are escaped.
 *
 * @param replyToEnd in a message that answers another, the index just after the {@code replyTo}
 *     number, where its preview goes
 */
record EntryFields(long seq, long targetSeq, long replyTo, int replyToEnd) {

  private static final String SEQ = ",\"seq\":";
  private static final String SENDER_ID = ",\"senderId\":\"";
  private static final String KIND = ",\"kind\":";
  private static final String ORDINAL = ",\"ordinal\":";
  private static final String NEXT_REPLY_TO = ",\"replyTo\":";
  private static final String TARGET_SEQ = "\"targetSeq\":";
  private static final String REPLY_TO = "\"replyTo\":";

  /**
   * @param json an entry's stored JSON as text, one char per byte
   */
  static EntryFields of(String json) {
    int seqAt = json.indexOf(SEQ);
    long seq = seqAt < 0 ? -1 : number(json, seqAt + SEQ.length());
    int sender = seqAt < 0 ? -1 : json.indexOf(SENDER_ID, seqAt);
    int afterSender = sender < 0 ? -1 : stringEnd(json, sender + SENDER_ID.length()) + 1;
    if (afterSender > 0 && json.startsWith(KIND, afterSender)) {
      int ordinal = json.indexOf(ORDINAL, afterSender);
      if (ordinal > 0) {
        int next = digitsEnd(json, ordinal + ORDINAL.length());
        if (!json.startsWith(NEXT_REPLY_TO, next)) {
          return new EntryFields(seq, -1, -1, -1);
        }
        int from = next + NEXT_REPLY_TO.length();
        long replyTo = number(json, from);
        return new EntryFields(seq, -1, replyTo, replyTo < 0 ? -1 : digitsEnd(json, from));
      }
    }
    int target = json.indexOf(TARGET_SEQ, Math.max(0, afterSender));
    long targetSeq = target < 0 ? -1 : number(json, target + TARGET_SEQ.length());
    if (targetSeq > 0) {
      return new EntryFields(seq, targetSeq, -1, -1);
    }
    int reply = json.indexOf(REPLY_TO);
    long replyTo = reply < 0 ? -1 : number(json, reply + REPLY_TO.length());
    return new EntryFields(
        seq, -1, replyTo, replyTo < 0 ? -1 : digitsEnd(json, reply + REPLY_TO.length()));
  }

  /** The whole number whose first digit is at {@code from}; -1 when there is none. */
  private static long number(String json, int from) {
    int end = digitsEnd(json, from);
    if (end == from) {
      return -1;
    }
    long value = 0;
    for (int i = from; i < end; i++) {
      value = value * 10 + (json.charAt(i) - '0');
    }
    return value;
  }

  private static int digitsEnd(String json, int from) {
    int i = from;
    while (i < json.length() && json.charAt(i) >= '0' && json.charAt(i) <= '9') {
      i++;
    }
    return i;
  }

  /** The index of the quote that ends the JSON string whose first character is at {@code from}. */
  private static int stringEnd(String json, int from) {
    for (int i = from; i < json.length(); i++) {
      char c = json.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == '"') {
        return i;
      }
    }
    return json.length();
  }
}
