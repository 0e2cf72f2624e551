package io.dugout.transport.netty;

/**
 * The syntax of a request head's parts as {@link RequestHead} checks them. Each check accepts a
 * strict part of what Tomcat accepts, so that the front never takes a head that Tomcat would refuse
 * or read otherwise.
 */
final class HeadSyntax {

  private HeadSyntax() {}

  static boolean isBlank(char c) {
    return c == ' ' || c == '\t';
  }

  /** RFC 9110's token: visible ASCII except delimiters. */
  static boolean isToken(String text, int start, int end) {
    if (start >= end) {
      return false;
    }
    for (int i = start; i < end; i++) {
      char c = text.charAt(i);
      if (c <= ' ' || c >= 0x7f || "\"(),/:;<=>?@[\\]{}".indexOf(c) >= 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * A request target in origin form as RFC 3986 spells it: a path of {@code pchar}s and slashes,
   * perhaps a query ({@code ?} on), every {@code %} followed by two hex digits. Tomcat takes less
   * strict ones, and judges them itself.
   */
  static boolean isTarget(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '%') {
        if (i + 2 >= text.length()
            || !isHexDigit(text.charAt(i + 1))
            || !isHexDigit(text.charAt(i + 2))) {
          return false;
        }
        i += 2;
      } else if (!isLetterOrDigit(c) && "-._~!$&'()*+,;=:@/?".indexOf(c) < 0) {
        return false;
      }
    }
    return true;
  }

  /** Visible ASCII, spaces and tabs: no control bytes, no bytes above ASCII. */
  static boolean isFieldValue(String text, int start, int end) {
    for (int i = start; i < end; i++) {
      char c = text.charAt(i);
      if ((c < ' ' && c != '\t') || c >= 0x7f) {
        return false;
      }
    }
    return true;
  }

  /**
   * A host name or IPv4 address (dot-separated labels of letters, digits and inner hyphens, an
   * optional final dot) with an optional port of one to five digits. IPv6 literals, among others,
   * are Tomcat's to judge.
   */
  static boolean isHost(String text, int start, int end) {
    int colon = text.indexOf(':', start);
    int nameEnd = colon < 0 || colon >= end ? end : colon;
    if (nameEnd < end && (end - nameEnd - 1 < 1 || end - nameEnd - 1 > 5)) {
      return false;
    }
    for (int i = nameEnd + 1; i < end; i++) {
      if (!isDigit(text.charAt(i))) {
        return false;
      }
    }
    int labelStart = start;
    for (int i = start; i <= nameEnd; i++) {
      if (i < nameEnd && text.charAt(i) != '.') {
        char c = text.charAt(i);
        if (!isLetterOrDigit(c) && (c != '-' || i == labelStart)) {
          return false;
        }
        continue;
      }
      // a label ends here: it may not be empty nor end with a hyphen, but the name may end in a dot
      boolean finalDot = i == nameEnd && i == labelStart && i > start;
      if (!finalDot && (i == labelStart || text.charAt(i - 1) == '-')) {
        return false;
      }
      labelStart = i + 1;
    }
    return true;
  }

  static boolean isIgnoringCase(String text, int start, int end, String expected) {
    return end - start == expected.length()
        && text.regionMatches(true, start, expected, 0, expected.length());
  }

  /**
   * Whether a {@code Connection} value lists {@code Upgrade} or {@code upgrade}: the spellings
   * Spring's handshake takes (Netty's and Tomcat's take any case).
   */
  static boolean listsUpgrade(String text, int start, int end) {
    for (String token : text.substring(start, end).split(",", -1)) {
      String trimmed = token.strip();
      if (trimmed.equals("Upgrade") || trimmed.equals("upgrade")) {
        return true;
      }
    }
    return false;
  }

  /** A {@code Sec-WebSocket-Key} as browsers send it: 16 bytes in base64, 24 characters. */
  static boolean isKey(String text, int start, int end) {
    if (end - start != 24 || !text.startsWith("==", end - 2)) {
      return false;
    }
    for (int i = start; i < end - 2; i++) {
      char c = text.charAt(i);
      if (!isLetterOrDigit(c) && c != '+' && c != '/') {
        return false;
      }
    }
    return true;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isHexDigit(char c) {
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }

  private static boolean isLetterOrDigit(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c);
  }
}
