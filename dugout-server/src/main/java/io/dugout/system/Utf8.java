package io.dugout.system;

/** Measuring text as UTF-8 without encoding it. */
public final class Utf8 {

  private Utf8() {}

  /**
   * The UTF-8 length of {@code text}: a surrogate pair takes 4 bytes, and an unpaired surrogate 3,
   * the length of its code unit encoded on its own.
   */
  public static int length(CharSequence text) {
    int bytes = 0;
    for (int i = 0, n = text.length(); i < n; i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        bytes += 1;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(c)
          && i + 1 < n
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        bytes += 4;
        i++;
      } else {
        bytes += 3;
      }
    }
    return bytes;
  }
}
