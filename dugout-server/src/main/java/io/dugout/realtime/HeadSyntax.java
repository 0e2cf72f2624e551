package io.dugout.realtime;

/** The syntax of a request head's parts as {@link RequestHead} checks them. */
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

  /** Visible ASCII only. */
  static boolean isVisible(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c <= ' ' || c >= 0x7f) {
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

  /** A host name or address with an optional port: letters, digits, {@code . - : [ ]}. */
  static boolean isHost(String text, int start, int end) {
    if (start >= end) {
      return false;
    }
    for (int i = start; i < end; i++) {
      char c = text.charAt(i);
      boolean ok =
          (c >= 'a' && c <= 'z')
              || (c >= 'A' && c <= 'Z')
              || (c >= '0' && c <= '9')
              || ".-:[]".indexOf(c) >= 0;
      if (!ok) {
        return false;
      }
    }
    return true;
  }
}
