package io.dugout.message;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import tools.jackson.databind.ObjectReader;

/**
 * Reads a {@link PostMessage} from a SEND frame's JSON body: the common flat body without Jackson,
 * anything else with the app's reader.
 *
 * <p>The common body is an object whose members are among {@code clientMsgId}, {@code kind}, {@code
 * content} and {@code senderId}, each once, each a string without escapes or control characters in
 * well-formed UTF-8, {@code kind} the exact name of a {@link MessageKind}. For such a body
 * Jackson's answer is known (the strings as they are, a missing member null), so it is given
 * without Jackson; every other body, valid or not, goes to the reader, so what a client sees for it
 * (the message, or the error) is Jackson's own. why: the reader's parser, its buffers and its
 * context were 0.8 KB of garbage on every SEND, and young pauses come as often as allocation fills
 * the young generation.
 */
public final class PostMessageJson {

  private static final int CLIENT_MSG_ID = 0;
  private static final int KIND = 1;
  private static final int CONTENT = 2;
  private static final int SENDER_ID = 3;

  /** The members read here, at the indexes above. */
  private static final byte[][] NAMES = {
    ascii("clientMsgId"), ascii("kind"), ascii("content"), ascii("senderId")
  };

  private static final MessageKind[] KINDS = MessageKind.values();

  private final ObjectReader reader;

  /** {@code reader}: the app's reader of {@link PostMessage}, for every body not read here. */
  public PostMessageJson(ObjectReader reader) {
    this.reader = reader;
  }

  public PostMessage read(byte[] body) {
    PostMessage flat = flat(body);
    return flat != null ? flat : reader.readValue(body);
  }

  /** The body read as the common case, or null when it is not one. */
  static PostMessage flat(byte[] body) {
    var values = new String[NAMES.length];
    int at = space(body, 0);
    if (at >= body.length || body[at] != '{') {
      return null;
    }
    at = space(body, at + 1);
    if (at < body.length && body[at] == '}') {
      return end(body, at + 1, values);
    }
    while (true) {
      int nameEnd = stringEnd(body, at);
      if (nameEnd < 0) {
        return null;
      }
      int member = member(body, at + 1, nameEnd);
      if (member < 0 || values[member] != null) {
        return null; // why: an unknown member, or one given twice, is Jackson's to judge
      }
      at = space(body, nameEnd + 1);
      if (at >= body.length || body[at] != ':') {
        return null;
      }
      at = space(body, at + 1);
      int valueEnd = stringEnd(body, at);
      if (valueEnd < 0) {
        return null;
      }
      values[member] = new String(body, at + 1, valueEnd - at - 1, StandardCharsets.UTF_8);
      at = space(body, valueEnd + 1);
      if (at >= body.length) {
        return null;
      }
      if (body[at] == '}') {
        return end(body, at + 1, values);
      }
      if (body[at] != ',') {
        return null;
      }
      at = space(body, at + 1);
    }
  }

  /** The message, when nothing but white space follows its closing brace and its kind is known. */
  private static PostMessage end(byte[] body, int at, String[] values) {
    if (space(body, at) != body.length) {
      return null;
    }
    MessageKind kind = null;
    if (values[KIND] != null) {
      kind = kindNamed(values[KIND]);
      if (kind == null) {
        return null;
      }
    }
    return new PostMessage(values[CLIENT_MSG_ID], kind, values[CONTENT], null, values[SENDER_ID]);
  }

  private static MessageKind kindNamed(String name) {
    for (MessageKind kind : KINDS) {
      if (kind.name().equals(name)) {
        return kind;
      }
    }
    return null;
  }

  /** Which of {@link #NAMES} the bytes from..to are; -1 for none. */
  private static int member(byte[] body, int from, int to) {
    for (int i = 0; i < NAMES.length; i++) {
      if (Arrays.equals(body, from, to, NAMES[i], 0, NAMES[i].length)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The index of the closing quote of the string starting at {@code at}; -1 when there is none
   * there, or it holds an escape, a control character or bytes that are not well-formed UTF-8.
   */
  private static int stringEnd(byte[] body, int at) {
    if (at >= body.length || body[at] != '"') {
      return -1;
    }
    int i = at + 1;
    while (i < body.length) {
      int b = body[i] & 0xff;
      if (b == '"') {
        return i;
      }
      if (b == '\\' || b < 0x20) {
        return -1;
      }
      if (b < 0x80) {
        i++;
        continue;
      }
      int length = utf8Sequence(body, i);
      if (length < 0) {
        return -1;
      }
      i += length;
    }
    return -1;
  }

  /**
   * The length of the well-formed UTF-8 sequence (RFC 3629: no overlong form, no surrogate, nothing
   * past U+10FFFF) starting at {@code at} with a byte of 0x80 or more; -1 when it is not one.
   */
  private static int utf8Sequence(byte[] body, int at) {
    int first = body[at] & 0xff;
    int length;
    int low = 0x80;
    int high = 0xbf;
    if (first >= 0xc2 && first <= 0xdf) {
      length = 2;
    } else if (first >= 0xe0 && first <= 0xef) {
      length = 3;
      low = first == 0xe0 ? 0xa0 : 0x80;
      high = first == 0xed ? 0x9f : 0xbf;
    } else if (first >= 0xf0 && first <= 0xf4) {
      length = 4;
      low = first == 0xf0 ? 0x90 : 0x80;
      high = first == 0xf4 ? 0x8f : 0xbf;
    } else {
      return -1;
    }
    if (at + length > body.length) {
      return -1;
    }
    int second = body[at + 1] & 0xff;
    if (second < low || second > high) {
      return -1;
    }
    for (int i = at + 2; i < at + length; i++) {
      if ((body[i] & 0xc0) != 0x80) {
        return -1;
      }
    }
    return length;
  }

  /** The index of the first byte at or after {@code at} that is not JSON white space. */
  private static int space(byte[] body, int at) {
    while (at < body.length
        && (body[at] == ' ' || body[at] == '\n' || body[at] == '\r' || body[at] == '\t')) {
      at++;
    }
    return at;
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
