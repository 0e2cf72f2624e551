package io.dugout.realtime.stomp;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.messaging.simp.stomp.StompCommand;
import org.springframework.util.InvalidMimeTypeException;
import org.springframework.util.MimeTypeUtils;

/**
 * Client inbound decoding: turns the bytes one client sends into STOMP 1.2 frames.
 *
 * <ul>
 *   <li><b>Incremental.</b> Each byte is looked at once, however the client splits its frames into
 *       WebSocket messages; a frame is complete when its NUL octet arrives.
 *   <li><b>Bounded.</b> A frame over the size limit, with more than {@value #MAX_HEADERS} headers
 *       or with a header line over {@value #MAX_HEADER_LINE} bytes is refused as soon as that is
 *       seen, before the rest of it is buffered.
 *   <li><b>Strict, with reasons.</b> Input that is not a client frame of STOMP 1.2 throws {@link
 *       MalformedFrame}, whose message names the problem for the client's ERROR frame. No other
 *       exception comes out for any input.
 * </ul>
 *
 * <p>Line ends between frames are heart-beats and are skipped. As STOMP 1.2 says, header values are
 * unescaped except in CONNECT and STOMP frames, and the first of repeated headers wins. Not
 * thread-safe: one decoder per connection, fed in arrival order; after a {@link MalformedFrame} it
 * is spent.
 *
 * <p>Over 300 lines: one state machine over bytes that may split anywhere; its states read best in
 * one place.
 */
public final class StompFrameDecoder {

  static final int MAX_HEADERS = 64;
  static final int MAX_HEADER_LINE = 16 * 1024;
  private static final int MAX_COMMAND_LINE = 32;

  /**
   * Header names every SEND or SUBSCRIBE carries, held once. why: each header of each frame was a
   * new string, and young pauses come as often as allocation fills the young generation.
   */
  private static final String[] USUAL_NAMES = {
    "destination", "content-length", "content-type", "receipt", "id", "ack"
  };

  private static final byte[][] USUAL_NAME_BYTES =
      Arrays.stream(USUAL_NAMES)
          .map(name -> name.getBytes(StandardCharsets.US_ASCII))
          .toArray(byte[][]::new);
  private static final String NOT_A_COMMAND =
      "the first line is not a command, such as CONNECT or SEND";
  private static final String CLIENT_COMMANDS =
      "CONNECT, STOMP, SEND, SUBSCRIBE, UNSUBSCRIBE, ACK, NACK, BEGIN, COMMIT, ABORT, DISCONNECT";
  private static final Map<String, StompCommand> COMMANDS =
      Arrays.stream(StompCommand.values())
          .collect(Collectors.toMap(StompCommand::name, Function.identity()));

  private enum Phase {
    BETWEEN_FRAMES,
    COMMAND,
    HEADERS,
    BODY
  }

  private final int maxFrameBytes;
  private Phase phase = Phase.BETWEEN_FRAMES;
  private boolean carriageReturn;
  private byte[] line = new byte[128];
  private int lineLength;
  private int frameBytes;
  private StompCommand command;
  private Map<String, String> headers;
  private int headerCount;
  private int contentLength;
  private byte[] body;
  private int bodyLength;

  public StompFrameDecoder(int maxFrameBytes) {
    this.maxFrameBytes = maxFrameBytes;
  }

  /**
   * The next complete frame from {@code bytes}, or null when they ran out before one was complete
   * (what was read is kept for the next call).
   *
   * @throws MalformedFrame when the bytes are not a STOMP 1.2 client frame
   */
  public StompFrame next(ByteBuffer bytes) {
    while (bytes.hasRemaining()) {
      if (phase == Phase.BODY) {
        var frame = readBody(bytes);
        if (frame != null) {
          return frame;
        }
      } else if (endsLine(bytes.get())) {
        endLine();
      }
    }
    return null;
  }

  private boolean endsLine(byte b) {
    if (phase != Phase.BETWEEN_FRAMES) {
      count(1);
    }
    if (carriageReturn) {
      carriageReturn = false;
      if (b != '\n') {
        throw malformed("a carriage return must be followed by a line feed");
      }
      return true;
    }
    if (b == '\n') {
      return true;
    }
    if (b == '\r') {
      carriageReturn = true;
      return false;
    }
    if (b == 0) {
      throw malformed(
          switch (phase) {
            case BETWEEN_FRAMES -> "a NUL octet where a frame should start";
            case HEADERS -> "a NUL octet inside the headers (a blank line must end them)";
            default -> NOT_A_COMMAND;
          });
    }
    append(b);
    return false;
  }

  private void append(byte b) {
    if (phase == Phase.BETWEEN_FRAMES) {
      phase = Phase.COMMAND;
      frameBytes = 1;
    }
    if (phase == Phase.COMMAND && (lineLength == MAX_COMMAND_LINE || b < ' ' || b > '~')) {
      throw malformed(NOT_A_COMMAND);
    }
    if (lineLength == line.length) {
      if (lineLength == MAX_HEADER_LINE) {
        throw malformed("a header line is over " + MAX_HEADER_LINE + " bytes");
      }
      line = Arrays.copyOf(line, Math.min(2 * line.length, MAX_HEADER_LINE));
    }
    line[lineLength++] = b;
  }

  private void endLine() {
    switch (phase) {
      case BETWEEN_FRAMES -> {} // a heart-beat
      case COMMAND -> {
        command = command(new String(line, 0, lineLength, StandardCharsets.US_ASCII));
        headers = new HashMap<>();
        headerCount = 0;
        phase = Phase.HEADERS;
      }
      case HEADERS -> {
        if (lineLength == 0) {
          startBody();
        } else {
          header();
        }
      }
    }
    lineLength = 0;
  }

  private static StompCommand command(String name) {
    StompCommand command = COMMANDS.get(name);
    if (command == null) {
      throw new MalformedFrame(
          "unknown command \"" + name + "\": a client sends one of " + CLIENT_COMMANDS);
    }
    return switch (command) {
      case CONNECTED, MESSAGE, RECEIPT, ERROR ->
          throw new MalformedFrame(
              name + " is a frame servers send: a client sends one of " + CLIENT_COMMANDS);
      default -> command;
    };
  }

  private void header() {
    if (++headerCount > MAX_HEADERS) {
      throw malformed("more than " + MAX_HEADERS + " headers");
    }
    int colon = 0;
    while (colon < lineLength && line[colon] != ':') {
      colon++;
    }
    if (colon == lineLength) {
      throw malformed("a header line without a colon (a header is name:value)");
    }
    if (colon == 0) {
      throw malformed("a header line without a name (a header is name:value)");
    }
    // why: STOMP 1.2 leaves CONNECT frames unescaped, for STOMP 1.0 clients
    boolean escaped = command != StompCommand.CONNECT && command != StompCommand.STOMP;
    String name = unescape(name(colon), escaped, null);
    String value = unescape(text(colon + 1, lineLength), escaped, name);
    headers.putIfAbsent(name, value);
  }

  /** The header name before {@code colon}: the same string each time for the usual ones. */
  private String name(int colon) {
    for (int i = 0; i < USUAL_NAMES.length; i++) {
      if (Arrays.equals(line, 0, colon, USUAL_NAME_BYTES[i], 0, USUAL_NAME_BYTES[i].length)) {
        return USUAL_NAMES[i];
      }
    }
    return text(0, colon);
  }

  private String text(int from, int to) {
    return new String(line, from, to - from, StandardCharsets.UTF_8);
  }

  private static String unescape(String text, boolean escaped, String name) {
    if (!escaped || text.indexOf('\\') < 0) {
      return text;
    }
    var out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c != '\\') {
        out.append(c);
        continue;
      }
      char escape = ++i < text.length() ? text.charAt(i) : 0;
      switch (escape) {
        case 'r' -> out.append('\r');
        case 'n' -> out.append('\n');
        case 'c' -> out.append(':');
        case '\\' -> out.append('\\');
        default ->
            throw malformed(
                (name == null ? "a header name" : "header " + printable(name))
                    + " has an invalid escape: after a backslash STOMP 1.2 allows only r, n, c"
                    + " or another backslash");
      }
    }
    return out.toString();
  }

  private void startBody() {
    contentLength = -1;
    String length = headers.get("content-length");
    if (length != null) {
      contentLength = contentLength(length);
      if (contentLength > 0 && command != StompCommand.SEND) {
        throw malformed(command + " frames cannot have a body, only SEND frames can");
      }
    }
    body = new byte[contentLength >= 0 ? contentLength : 64];
    bodyLength = 0;
    phase = Phase.BODY;
  }

  private int contentLength(String value) {
    boolean digits = !value.isEmpty();
    for (int i = 0; i < value.length(); i++) {
      digits &= value.charAt(i) >= '0' && value.charAt(i) <= '9';
    }
    if (!digits) {
      throw malformed(
          "content-length must be a non-negative integer, not \"" + printable(value) + "\"");
    }
    int zeros = 0;
    while (zeros < value.length() - 1 && value.charAt(zeros) == '0') {
      zeros++;
    }
    String significant = value.substring(zeros);
    if (significant.length() > 18 || Long.parseLong(significant) > maxFrameBytes) {
      throw new MalformedFrame(
          "frame too large: content-length "
              + printable(significant)
              + " is over the frame size limit of "
              + maxFrameBytes
              + " bytes");
    }
    return Integer.parseInt(significant);
  }

  private StompFrame readBody(ByteBuffer bytes) {
    if (contentLength >= 0) {
      int n = Math.min(bytes.remaining(), contentLength - bodyLength);
      count(n);
      bytes.get(body, bodyLength, n);
      bodyLength += n;
      if (bodyLength < contentLength || !bytes.hasRemaining()) {
        return null;
      }
      count(1);
      if (bytes.get() != 0) {
        throw malformed(
            "the body does not end after its content-length of "
                + contentLength
                + " bytes (no NUL octet there)");
      }
      return frame();
    }
    while (bytes.hasRemaining()) {
      byte b = bytes.get();
      count(1);
      if (b == 0) {
        return frame();
      }
      if (command != StompCommand.SEND) {
        throw malformed(command + " frames cannot have a body, only SEND frames can");
      }
      if (bodyLength == body.length) {
        body = Arrays.copyOf(body, Math.min(2 * body.length, maxFrameBytes));
      }
      body[bodyLength++] = b;
    }
    return null;
  }

  private StompFrame frame() {
    String contentType = headers.get("content-type");
    if (contentType != null) {
      try {
        MimeTypeUtils.parseMimeType(contentType);
      } catch (InvalidMimeTypeException | IndexOutOfBoundsException e) {
        // why: Spring's parser throws IndexOutOfBounds on some broken quoted values (a lone '"')
        throw malformed("content-type is not a media type, such as application/json");
      }
    }
    byte[] payload = bodyLength == body.length ? body : Arrays.copyOf(body, bodyLength);
    var frame = new StompFrame(command, headers, payload);
    phase = Phase.BETWEEN_FRAMES;
    command = null;
    headers = null;
    body = null;
    if (line.length > 1024) {
      line = new byte[128]; // why: a long header (a token) must not pin memory for the session
    }
    return frame;
  }

  private void count(int bytes) {
    frameBytes += bytes;
    if (frameBytes > maxFrameBytes) {
      throw new MalformedFrame(
          "frame too large: over the frame size limit of " + maxFrameBytes + " bytes");
    }
  }

  private static MalformedFrame malformed(String problem) {
    return new MalformedFrame("malformed frame: " + problem);
  }

  /** Client text fit to quote in an ERROR frame: printable ASCII, at most 40 characters. */
  private static String printable(String text) {
    var out = new StringBuilder();
    for (int i = 0; i < text.length() && out.length() < 40; i++) {
      char c = text.charAt(i);
      out.append(c >= ' ' && c <= '~' ? c : '?');
    }
    return text.length() > 40 ? out + "..." : out.toString();
  }

  /** The client sent something that is not a STOMP 1.2 client frame; the message says what. */
  public static final class MalformedFrame extends RuntimeException {
    MalformedFrame(String message) {
      super(message, null, false, false);
    }
  }
}
