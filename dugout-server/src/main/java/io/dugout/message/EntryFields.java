package io.dugout.message;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

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

  static final byte[] SEQ = ascii(",\"seq\":");
  private static final byte[] SENDER_ID = ascii(",\"senderId\":\"");
  private static final byte[] KIND = ascii(",\"kind\":");
  private static final byte[] ORDINAL = ascii(",\"ordinal\":");
  private static final byte[] NEXT_REPLY_TO = ascii(",\"replyTo\":");
  private static final byte[] TARGET_SEQ = ascii("\"targetSeq\":");
  private static final byte[] REPLY_TO = ascii("\"replyTo\":");

  /**
   * @param json an entry's stored JSON, read in place: only the bytes up to the fields it needs are
   *     looked at, never copied (a message's reactions' summary, after them, is not touched)
   */
  static EntryFields of(byte[] json) {
    int seqAt = indexOf(json, SEQ, 0);
    long seq = seqAt < 0 ? -1 : number(json, seqAt + SEQ.length);
    int sender = seqAt < 0 ? -1 : indexOf(json, SENDER_ID, seqAt);
    int afterSender = sender < 0 ? -1 : stringEnd(json, sender + SENDER_ID.length) + 1;
    if (afterSender > 0 && startsWith(json, KIND, afterSender)) {
      int ordinal = indexOf(json, ORDINAL, afterSender);
      if (ordinal > 0) {
        int next = digitsEnd(json, ordinal + ORDINAL.length);
        if (!startsWith(json, NEXT_REPLY_TO, next)) {
          return new EntryFields(seq, -1, -1, -1);
        }
        int from = next + NEXT_REPLY_TO.length;
        long replyTo = number(json, from);
        return new EntryFields(seq, -1, replyTo, replyTo < 0 ? -1 : digitsEnd(json, from));
      }
    }
    int target = indexOf(json, TARGET_SEQ, Math.max(0, afterSender));
    long targetSeq = target < 0 ? -1 : number(json, target + TARGET_SEQ.length);
    if (targetSeq > 0) {
      return new EntryFields(seq, targetSeq, -1, -1);
    }
    int reply = indexOf(json, REPLY_TO, 0);
    long replyTo = reply < 0 ? -1 : number(json, reply + REPLY_TO.length);
    return new EntryFields(
        seq, -1, replyTo, replyTo < 0 ? -1 : digitsEnd(json, reply + REPLY_TO.length));
  }

  /** The entry's {@code seq} alone; -1 when it has none. */
  static long seqOf(byte[] json) {
    int seqAt = indexOf(json, SEQ, 0);
    return seqAt < 0 ? -1 : number(json, seqAt + SEQ.length);
  }

  /** The whole number whose first digit is at {@code from}; -1 when there is none. */
  private static long number(byte[] json, int from) {
    int end = digitsEnd(json, from);
    if (end == from) {
      return -1;
    }
    long value = 0;
    for (int i = from; i < end; i++) {
      value = value * 10 + (json[i] - '0');
    }
    return value;
  }

  private static int digitsEnd(byte[] json, int from) {
    int i = from;
    while (i < json.length && json[i] >= '0' && json[i] <= '9') {
      i++;
    }
    return i;
  }

  /**
   * The index of the quote that ends the JSON string whose first character is at {@code from}; the
   * length of {@code json} when the string does not end.
   */
  static int stringEnd(byte[] json, int from) {
    for (int i = from; i < json.length; i++) {
      byte c = json[i];
      if (c == '\\') {
        i++;
      } else if (c == '"') {
        return i;
      }
    }
    return json.length;
  }

  /** Where {@code pattern} first occurs at or after {@code from}; -1 when it does not. */
  static int indexOf(byte[] json, byte[] pattern, int from) {
    byte first = pattern[0];
    for (int i = Math.max(0, from), last = json.length - pattern.length; i <= last; i++) {
      if (json[i] == first && startsWith(json, pattern, i)) {
        return i;
      }
    }
    return -1;
  }

  private static boolean startsWith(byte[] json, byte[] pattern, int at) {
    return at >= 0
        && at + pattern.length <= json.length
        && Arrays.equals(json, at, at + pattern.length, pattern, 0, pattern.length);
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }
}
