package io.dugout.message;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;

/**
 * Writes the JSON of a few fixed shapes exactly as Jackson's defaults write them (the same bytes),
 * into one array, for what is written on every SEND: Jackson's own path allocates a generator, its
 * contexts and buffers, and a formatter for each instant on every call, and young pauses come as
 * often as allocation fills the young generation.
 *
 * <p>It writes only what it is sure of, and says beforehand when it is not: {@link #textLength}
 * answers -1 for text with control characters or surrogates, and {@link #fits(Instant)} false for a
 * year outside 0000–9999. A caller then writes the whole value with Jackson.
 */
public final class ExactJson {

  /** 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z in epoch seconds. */
  private static final long FIRST_SECOND = -62_167_219_200L;

  private static final long AFTER_LAST_SECOND = 253_402_300_800L;

  /** {@code "0000-00-00T00:00:00Z"} with its quotes, before any fraction of a second. */
  private static final int INSTANT_TO_THE_SECOND = 22;

  private static final byte[] MIN_LONG = ascii(Long.toString(Long.MIN_VALUE));

  private final byte[] buffer;
  private int at;

  private ExactJson(int size) {
    buffer = new byte[size];
  }

  /** A writer of exactly {@code size} bytes: the sum of the lengths of what will be written. */
  public static ExactJson ofSize(int size) {
    return new ExactJson(size);
  }

  /**
   * The UTF-8 length of {@code text} as a JSON string, quotes included, as Jackson writes it: as it
   * is, with {@code "} and {@code \} escaped by a backslash. -1 when it holds a control character
   * or a surrogate, which this writer leaves to Jackson.
   */
  public static int textLength(String text) {
    int length = 2;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x20 || Character.isSurrogate(c)) {
        return -1;
      }
      length += c == '"' || c == '\\' ? 2 : c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
    }
    return length;
  }

  /** Whether {@link #instant} writes it: a year 0000–9999. */
  public static boolean fits(Instant instant) {
    long seconds = instant.getEpochSecond();
    return seconds >= FIRST_SECOND && seconds < AFTER_LAST_SECOND;
  }

  /** The length of {@code instant} as a JSON string, quotes included. */
  public static int instantLength(Instant instant) {
    int fraction = fractionDigits(instant.getNano());
    return INSTANT_TO_THE_SECOND + (fraction == 0 ? 0 : 1 + fraction);
  }

  /** The length of {@code value} as a JSON number. */
  public static int numberLength(long value) {
    if (value == Long.MIN_VALUE) {
      return MIN_LONG.length;
    }
    int length = value < 0 ? 2 : 1;
    for (long rest = Math.abs(value); rest >= 10; rest /= 10) {
      length++;
    }
    return length;
  }

  /** Bytes known to be the JSON wanted, such as {@code ,"name":}. */
  public ExactJson raw(byte[] json) {
    System.arraycopy(json, 0, buffer, at, json.length);
    at += json.length;
    return this;
  }

  /** A string whose {@link #textLength} is not -1. */
  public ExactJson text(String text) {
    buffer[at++] = '"';
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '"' || c == '\\') {
        buffer[at++] = '\\';
        buffer[at++] = (byte) c;
      } else if (c < 0x80) {
        buffer[at++] = (byte) c;
      } else if (c < 0x800) {
        buffer[at++] = (byte) (0xc0 | c >> 6);
        buffer[at++] = (byte) (0x80 | c & 0x3f);
      } else {
        buffer[at++] = (byte) (0xe0 | c >> 12);
        buffer[at++] = (byte) (0x80 | c >> 6 & 0x3f);
        buffer[at++] = (byte) (0x80 | c & 0x3f);
      }
    }
    buffer[at++] = '"';
    return this;
  }

  public ExactJson number(long value) {
    if (value == Long.MIN_VALUE) {
      return raw(MIN_LONG);
    }
    int length = numberLength(value);
    if (value < 0) {
      buffer[at] = '-';
    }
    long rest = Math.abs(value);
    for (int i = at + length - 1; i >= at + (value < 0 ? 1 : 0); i--) {
      buffer[i] = (byte) ('0' + rest % 10);
      rest /= 10;
    }
    at += length;
    return this;
  }

  /**
   * An instant that {@link #fits}, as {@link Instant#toString} writes it: the seconds always, then
   * the fraction in as many groups of three digits as it needs.
   */
  public ExactJson instant(Instant instant) {
    long seconds = instant.getEpochSecond();
    int secondOfDay = (int) Math.floorMod(seconds, 86_400);
    var date = LocalDate.ofEpochDay(Math.floorDiv(seconds, 86_400));
    put('"').digits(date.getYear(), 4).put('-').digits(date.getMonthValue(), 2).put('-');
    digits(date.getDayOfMonth(), 2).put('T').digits(secondOfDay / 3600, 2).put(':');
    digits(secondOfDay / 60 % 60, 2).put(':').digits(secondOfDay % 60, 2);
    int nano = instant.getNano();
    int fraction = fractionDigits(nano);
    if (fraction > 0) {
      put('.');
      digits(fraction == 3 ? nano / 1_000_000 : fraction == 6 ? nano / 1000 : nano, fraction);
    }
    return put('Z').put('"');
  }

  /** The bytes written; the size given must have been exact. */
  public byte[] bytes() {
    if (at != buffer.length) {
      throw new IllegalStateException("wrote " + at + " of " + buffer.length + " bytes");
    }
    return buffer;
  }

  /** The bytes of {@code json}, for the fixed parts of a shape. */
  public static byte[] ascii(String json) {
    return json.getBytes(StandardCharsets.US_ASCII);
  }

  private static int fractionDigits(int nano) {
    if (nano == 0) {
      return 0;
    }
    return nano % 1_000_000 == 0 ? 3 : nano % 1000 == 0 ? 6 : 9;
  }

  private ExactJson put(char c) {
    buffer[at++] = (byte) c;
    return this;
  }

  private ExactJson digits(int value, int width) {
    for (int i = at + width - 1; i >= at; i--) {
      buffer[i] = (byte) ('0' + value % 10);
      value /= 10;
    }
    at += width;
    return this;
  }

  @Override
  public String toString() {
    return new String(Arrays.copyOf(buffer, at), StandardCharsets.UTF_8);
  }
}
