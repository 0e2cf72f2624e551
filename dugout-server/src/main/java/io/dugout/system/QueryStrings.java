package io.dugout.system;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Finds the query parameter that the servlet container could not decode, so that a 400 can name it.
 * The container only says that parsing failed; this reads the raw query string again, strictly:
 * every {@code %} followed by two hex digits, {@code +} for a space, and the bytes valid UTF-8.
 */
public final class QueryStrings {

  private QueryStrings() {}

  /**
   * The name of the first parameter whose value is not percent-encoded UTF-8 although its name is;
   * null when there is none (no query string, or only names that cannot be decoded themselves).
   */
  public static String undecodableParameter(String query) {
    if (query == null) {
      return null;
    }
    for (String pair : query.split("&")) {
      int equals = pair.indexOf('=');
      if (equals < 0) {
        continue;
      }
      String name = decode(pair.substring(0, equals));
      if (name != null && !name.isEmpty() && decode(pair.substring(equals + 1)) == null) {
        return name;
      }
    }
    return null;
  }

  /** The decoded text, or null when {@code raw} is not valid percent-encoded UTF-8. */
  private static String decode(String raw) {
    var bytes = new ByteArrayOutputStream(raw.length());
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (c == '%') {
        int high = i + 1 < raw.length() ? Character.digit(raw.charAt(i + 1), 16) : -1;
        int low = i + 2 < raw.length() ? Character.digit(raw.charAt(i + 2), 16) : -1;
        if (high < 0 || low < 0) {
          return null;
        }
        bytes.write(high * 16 + low);
        i += 2;
      } else if (c == '+') {
        bytes.write(' ');
      } else if (c <= 0xFF) {
        // why: the container hands raw bytes of the request line over as one char each
        bytes.write(c);
      } else {
        bytes.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
      }
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes.toByteArray()))
          .toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }
}
