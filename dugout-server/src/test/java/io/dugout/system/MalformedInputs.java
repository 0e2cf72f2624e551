package io.dugout.system;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;

/**
 * What {@link RestFuzzTests} throws at the API: strings, JSON values, URL parts, bodies and headers
 * that a careless or hostile client sends. Every choice comes from the given {@link Random}, so a
 * seed replays a run exactly.
 */
final class MalformedInputs {

  private static final List<String> STRINGS =
      List.of(
          "",
          " ",
          "\t",
          "\u0000",
          "a\u0000b",
          "\u0001",
          "\n",
          "line\r\nbreak",
          "\u007F",
          "\u0085",
          "ü",
          "日本語",
          "😀",
          "e\u0301",
          "\u202Eevil",
          "\uFEFF",
          "\u2028",
          "\uFFFF",
          "\uD800",
          "\uDC00x",
          "/",
          ".",
          "..",
          "a/b",
          "%",
          "%%%",
          "%00",
          "?",
          "#",
          ";",
          "\\",
          "&",
          "=",
          "+",
          "<script>alert(1)</script>",
          "' OR '1'='1",
          "${jndi:x}",
          "../../etc/passwd",
          "-1",
          "0",
          "1e309",
          "NaN",
          "9223372036854775808",
          "null",
          "true");

  private static final List<String> JSON_VALUES =
      List.of(
          "null",
          "true",
          "false",
          "0",
          "-1",
          "1.5",
          "-0.0",
          "1e309",
          "-1e309",
          "1e-400",
          "9223372036854775807",
          "9223372036854775808",
          "-9223372036854775809",
          "1" + "0".repeat(1200),
          "[]",
          "[null]",
          "[\"a\",1]",
          "[[[]]]",
          "{}",
          "{\"a\":1}",
          "{\"url\":null}",
          "\"DIRECT\"",
          "\"GROUP\"",
          "\"group\"",
          "\"SYSTEM\"");

  /** Query values and path segments exactly as they go on the wire, broken encodings included. */
  private static final List<String> RAW_URL_PARTS =
      List.of(
          "",
          "%",
          "%%",
          "%%%",
          "%2",
          "%zz",
          "%G0",
          "%C3%28",
          "%FF",
          "%E2%82",
          "%C0%AF",
          "%ED%A0%80",
          "%00",
          "%0A",
          "%0D%0A",
          "%20",
          "+",
          "%2B",
          "%2F",
          "%2e%2e",
          "..",
          "a%2Fb",
          "a;b",
          "%3B",
          "%25",
          "%E2%80%AE",
          "%F0%9F%98%80",
          "-1",
          "0",
          "1",
          "100",
          "101",
          "-9223372036854775808",
          "9223372036854775807",
          "9223372036854775808",
          "1" + "0".repeat(400),
          "1e2",
          "1.5",
          "0x10",
          "%2310",
          "%EF%BC%91",
          "%D9%A1",
          "%201",
          "1%20",
          "true",
          "null",
          "a".repeat(300),
          "b".repeat(9000));

  private static final List<String> CONTENT_TYPES =
      List.of(
          "text/plain",
          "application/xml",
          "application/x-www-form-urlencoded",
          "multipart/form-data",
          "multipart/form-data; boundary=x",
          "application/json; charset=bogus",
          "application/json; charset=ISO-8859-1",
          "application/json; charset=UTF-16",
          "application/*",
          "*/*",
          "",
          "json",
          ";",
          "application/json;;",
          "application/json; q",
          "application/problem+json",
          "application/vnd.dugout+json",
          "text/json",
          "application/json; boundary=\"",
          "application/json\u0001");

  private static final List<String> ACCEPTS =
      List.of(
          "bogus",
          "text/html",
          "application/xml",
          "*/*",
          "application/json;q=x",
          "",
          ";;;",
          "application/problem+json",
          "text/*",
          "image/png",
          "application/json, text/html;q=0.1");

  private static final List<String> METHODS =
      List.of("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "FOO");

  private MalformedInputs() {}

  static String string(Random random) {
    return switch (random.nextInt(6)) {
      case 0 -> "a".repeat(200 + random.nextInt(5000));
      case 1 -> randomCodePoints(random, 1 + random.nextInt(20));
      default -> pick(random, STRINGS);
    };
  }

  /** A JSON value of any type: wrong types, extreme numbers, odd strings, deep nesting. */
  static String jsonValue(Random random) {
    return switch (random.nextInt(8)) {
      case 0 -> jsonString(string(random), random.nextBoolean());
      case 1 -> jsonString(string(random), false);
      case 2 -> nested(random.nextInt(2000));
      case 3 -> "[" + String.join(",", java.util.Collections.nCopies(1001, "\"u\"")) + "]";
      case 4 -> "[" + jsonString(string(random), true) + "]";
      default -> pick(random, JSON_VALUES);
    };
  }

  /** A query value or path segment as raw wire text. */
  static String urlPart(Random random) {
    return random.nextInt(3) == 0 ? percentEncode(string(random)) : pick(random, RAW_URL_PARTS);
  }

  /** A whole request body that is not the JSON document the route wants. */
  static byte[] body(Random random, String validJson) {
    return switch (random.nextInt(18)) {
      case 0 -> new byte[0];
      case 1 -> utf8(pick(random, List.of("{", "}", "[", "]", "{\"", "\"", ",", ":")));
      case 2 -> utf8(pick(random, List.of("null", "true", "0", "\"s\"", "[]", "[{}]", "1e999")));
      case 3 -> utf8(validJson.substring(0, random.nextInt(Math.max(1, validJson.length()))));
      case 4 -> utf8(validJson + pick(random, List.of("}", "]", " {}", "x", ",", "\u0000")));
      case 5 -> utf8(pick(random, List.of("hello", "<a/>", "a=b&c=%%", "+=1", "%01=1", "--x\r\n")));
      case 6 -> randomBytes(random);
      case 7 -> concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, utf8(validJson));
      case 8 -> validJson.getBytes(StandardCharsets.UTF_16LE);
      case 9 -> utf8("{" + "\"k\":1,".repeat(random.nextInt(5000)) + "\"k\":1}");
      case 10 ->
          concat(utf8("{\"x\":\""), new byte[] {(byte) 0xC3, 0x28, (byte) 0xFF}, utf8("\"}"));
      case 11 -> utf8("/* c */" + validJson);
      case 12 -> utf8(validJson.replace('"', '\''));
      case 13 -> utf8("{\"a\":NaN,}");
      case 14 -> utf8("[".repeat(1000 + random.nextInt(20_000)));
      case 15 -> utf8("{\"a\":" + "{\"a\":".repeat(600) + "1" + "}".repeat(601));
      case 16 -> utf8("{\"content\":\"" + "a".repeat(70_000) + "\"}");
      default -> utf8(validJson.replaceFirst("\\{", "{\"zz" + random.nextInt(9) + "\":1,"));
    };
  }

  static String contentType(Random random) {
    return pick(random, CONTENT_TYPES);
  }

  static String accept(Random random) {
    return pick(random, ACCEPTS);
  }

  static String method(Random random) {
    return pick(random, METHODS);
  }

  /**
   * A JSON string literal; {@code escapeAll} writes every non-ASCII char (and surrogate) as \\u.
   */
  static String jsonString(String s, boolean escapeAll) {
    var out = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c < 0x20 || Character.isSurrogate(c) || (escapeAll && c > 0x7E)) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.append('"').toString();
  }

  /** Percent-encodes every byte of {@code s} but unreserved ASCII; a lone surrogate gives %3F. */
  static String percentEncode(String s) {
    var out = new StringBuilder();
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (b & 0xFF);
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
        out.append(c);
      } else if (c == '-' || c == '.' || c == '_' || c == '~') {
        out.append(c);
      } else {
        out.append('%').append(String.format("%02X", (int) c));
      }
    }
    return out.toString();
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  static <T> T pick(Random random, List<T> from) {
    return from.get(random.nextInt(from.size()));
  }

  private static String nested(int depth) {
    return "[".repeat(depth) + "]".repeat(depth);
  }

  private static String randomCodePoints(Random random, int count) {
    var out = new StringBuilder();
    for (int i = 0; i < count; i++) {
      out.append((char) random.nextInt(0x10000));
    }
    return out.toString();
  }

  private static byte[] randomBytes(Random random) {
    byte[] bytes = new byte[1 + random.nextInt(200)];
    random.nextBytes(bytes);
    return bytes;
  }

  private static byte[] concat(byte[]... parts) {
    var out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }
}
