package io.dugout.realtime.stomp;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Makes frames for fuzzing the STOMP endpoint: a valid frame of a client command (CONNECT,
 * SUBSCRIBE, SEND, ACK, NACK, UNSUBSCRIBE, DISCONNECT), usually mutated: truncated, bytes flipped,
 * headers injected with CR, colon and NUL, too many or too long headers, a wrong content-length,
 * bad escapes, bad heart-beat or accept-version values, an unknown command, or random binary.
 */
final class FrameMutator {

  private static final String[] SPECIALS = {"\r", "\n", ":", "\0", "\\", "\\x", "\r\n", "\n\n"};
  private static final String[] JUNK_HEADERS = {
    "x\r:y", "a\0b:c", ":novalue", "nocolon", "k:v\r", "k\\x:v", "k:\0", "\r\n", "k:v:w", "é:ü",
  };
  private static final String[] COMMANDS = {
    "HELLO", "connect", "MESSAGE", "SEND ", " SEND", "BEGIN", "ERROR", "", "CONNECTED", "STOMP"
  };
  private static final String[] HEART_BEATS = {
    "x,y",
    "99999999999999999999,0",
    "10",
    "-1,-1",
    "",
    "1,1",
    "2147483648,0",
    "0,0",
    " 5 , 5 ",
    "10000,10000,1",
    ",",
  };
  private static final String[] ACCEPT_VERSIONS = {"1.0", "", "1.3", "1.1", "2.0,1.2", "x"};

  private final String room;
  private final String token;

  FrameMutator(String room, String token) {
    this.room = room;
    this.token = token;
  }

  /** A frame made from {@code random} alone, so that a seed makes the same frames again. */
  Fuzzed next(Random random) {
    boolean connect = random.nextInt(12) == 0;
    byte[] frame = bytes(connect ? connect() : valid(random));
    var applied = new ArrayList<String>();
    int mutations = random.nextInt(8) == 0 ? 0 : random.nextInt(4) == 0 ? 2 : 1;
    for (int i = 0; i < mutations; i++) {
      frame = mutate(random, frame, applied);
    }
    return new Fuzzed(connect, frame, applied.isEmpty() ? "valid" : String.join("+", applied));
  }

  private String connect() {
    return "CONNECT\naccept-version:1.2\nhost:localhost\nheart-beat:0,0\nAuthorization:Bearer "
        + token
        + "\n\n\0";
  }

  private String valid(Random random) {
    int k = random.nextInt(20);
    String json =
        "{\"clientMsgId\":\"f-"
            + random.nextInt(1000)
            + "\",\"kind\":\"TEXT\",\"content\":\"fuzz\"}";
    String change =
        switch (random.nextInt(4)) {
          case 0 -> "edit\n\n{\"clientMsgId\":\"e-" + k + "\",\"seq\":1,\"content\":\"fuzz!\"}";
          case 1 -> "delete\n\n{\"clientMsgId\":\"d-" + k + "\",\"seq\":" + (1 + k % 3) + "}";
          case 2 -> "react\n\n{\"clientMsgId\":\"r-" + k + "\",\"seq\":1,\"emoji\":\"👍\"}";
          default -> "unreact\n\n{\"seq\":1,\"emoji\":\"👍\"}";
        };
    return switch (random.nextInt(11)) {
      case 0 -> "SUBSCRIBE\nid:s" + k + "\ndestination:/topic/rooms." + room + "\nreceipt:r\n\n\0";
      case 1 ->
          "SUBSCRIBE\nid:s"
              + k
              + "\ndestination:/topic/rooms."
              + room
              + "\nsince-seq:"
              + random.nextInt(5)
              + "\n\n\0";
      case 2 -> "SUBSCRIBE\nid:e" + k + "\ndestination:/user/queue/errors\n\n\0";
      case 3 -> "UNSUBSCRIBE\nid:s" + k + "\nreceipt:r\n\n\0";
      case 4 ->
          "SEND\ndestination:/app/rooms."
              + room
              + ".messages\ncontent-type:application/json\ncontent-length:"
              + bytes(json).length
              + "\nreceipt:r\n\n"
              + json
              + "\0";
      case 5 -> "SEND\ndestination:/app/rooms." + room + ".messages\n\n" + json + "\0";
      case 6 -> "SEND\ndestination:/app/rooms." + room + ".read\n\n{\"seq\":1}\0";
      case 7 -> "SEND\ndestination:/app/rooms." + room + ".typing\n\n\0";
      case 8 -> (random.nextBoolean() ? "ACK" : "NACK") + "\nid:" + k + "\nreceipt:r\n\n\0";
      case 9 -> "SEND\ndestination:/app/rooms." + room + "." + change + "\0";
      default -> "DISCONNECT\nreceipt:bye\n\n\0";
    };
  }

  private static byte[] mutate(Random random, byte[] frame, List<String> applied) {
    int at = random.nextInt(frame.length + 1);
    switch (random.nextInt(13)) {
      case 0 -> {
        applied.add("truncated@" + at);
        return Arrays.copyOf(frame, at);
      }
      case 1 -> {
        byte[] flipped = frame.clone();
        for (int n = 1 + random.nextInt(4); n > 0 && flipped.length > 0; n--) {
          flipped[random.nextInt(flipped.length)] = (byte) random.nextInt(256);
        }
        applied.add("flipped");
        return flipped;
      }
      case 2 -> {
        String special = pick(random, SPECIALS);
        applied.add("inserted " + escape(special) + "@" + at);
        return insert(frame, at, bytes(special));
      }
      case 3 -> {
        String junk = pick(random, JUNK_HEADERS);
        applied.add("header " + escape(junk));
        return insertHeader(frame, junk);
      }
      case 4 -> {
        int count = 20 + random.nextInt(100);
        var headers = new StringBuilder();
        for (int i = 0; i < count; i++) {
          headers.append(i == 0 ? "" : "\n").append("h").append(i).append(":v");
        }
        applied.add(count + " headers");
        return insertHeader(frame, headers.toString());
      }
      case 5 -> {
        int body = bodyLength(frame);
        String[] lengths = {
          "abc",
          "-1",
          "",
          "99999999999999999999",
          "0",
          "70000",
          " 3",
          "1e2",
          "+5",
          String.valueOf(Math.max(0, body - 1)),
          String.valueOf(body + 1),
          String.valueOf(body + 2 + random.nextInt(40)),
          String.valueOf(body + 500),
          String.valueOf(body),
        };
        String length = pick(random, lengths);
        applied.add("content-length:" + length);
        return insertHeader(frame, "content-length:" + length);
      }
      case 6 -> {
        byte[] garbage = new byte[1 + random.nextInt(300)];
        random.nextBytes(garbage);
        applied.add("binary garbage");
        return garbage;
      }
      case 7 -> {
        int length = 1000 + random.nextInt(19_000);
        applied.add("header line of " + length);
        return insertHeader(frame, "h:" + "v".repeat(length));
      }
      case 8 -> {
        String command = pick(random, COMMANDS);
        applied.add("command " + escape(command));
        int end = indexOf(frame, (byte) '\n', 0);
        return insert(
            Arrays.copyOfRange(frame, end < 0 ? frame.length : end, frame.length),
            0,
            bytes(command));
      }
      case 9 -> {
        int end = indexOf(frame, (byte) '\n', indexOf(frame, (byte) '\n', 0) + 1);
        String escape = random.nextBoolean() ? "\\x" : "\\";
        applied.add("escape " + escape(escape));
        return end < 0 ? frame : insert(frame, end, bytes(escape));
      }
      case 10 -> {
        String header =
            random.nextBoolean()
                ? "heart-beat:" + pick(random, HEART_BEATS)
                : "accept-version:" + pick(random, ACCEPT_VERSIONS);
        applied.add(escape(header));
        return insertHeader(frame, header);
      }
      case 11 -> {
        applied.add("CRLF");
        byte[] crlf = bytes(new String(frame, StandardCharsets.ISO_8859_1).replace("\n", "\r\n"));
        return random.nextBoolean()
            ? insert(crlf, 0, bytes("\r\n\r\n"))
            : insert(crlf, at, bytes("\r"));
      }
      default -> {
        applied.add("twice");
        return insert(frame, frame.length, frame);
      }
    }
  }

  /** Puts a header line first, where it wins over a repeated header. */
  private static byte[] insertHeader(byte[] frame, String line) {
    int end = indexOf(frame, (byte) '\n', 0);
    return insert(frame, end < 0 ? frame.length : end + 1, bytes(line + "\n"));
  }

  private static int bodyLength(byte[] frame) {
    String text = new String(frame, StandardCharsets.ISO_8859_1);
    int start = text.indexOf("\n\n");
    int end = text.lastIndexOf('\0');
    return start < 0 || end < start ? 0 : end - start - 2;
  }

  private static byte[] insert(byte[] frame, int at, byte[] inserted) {
    byte[] out = new byte[frame.length + inserted.length];
    System.arraycopy(frame, 0, out, 0, at);
    System.arraycopy(inserted, 0, out, at, inserted.length);
    System.arraycopy(frame, at, out, at + inserted.length, frame.length - at);
    return out;
  }

  private static int indexOf(byte[] bytes, byte b, int from) {
    for (int i = Math.max(0, from); i < bytes.length; i++) {
      if (bytes[i] == b) {
        return i;
      }
    }
    return -1;
  }

  private static String pick(Random random, String[] choices) {
    return choices[random.nextInt(choices.length)];
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  /** Bytes made readable for a failure message: control and non-ASCII bytes as escapes. */
  static String escape(byte[] bytes) {
    var out = new StringBuilder();
    for (byte b : bytes) {
      switch (b) {
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case 0 -> out.append("\\0");
        case '\\' -> out.append("\\\\");
        default -> {
          if (b >= ' ' && b <= '~') {
            out.append((char) b);
          } else {
            out.append(String.format("\\x%02x", b & 0xff));
          }
        }
      }
    }
    return out.toString();
  }

  private static String escape(String text) {
    return escape(bytes(text));
  }

  /** A frame to send; {@code connect} when it is made from a CONNECT, for a fresh connection. */
  record Fuzzed(boolean connect, byte[] bytes, String mutations) {}
}
