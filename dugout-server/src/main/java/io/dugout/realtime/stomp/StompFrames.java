package io.dugout.realtime.stomp;

import java.nio.charset.StandardCharsets;

/** Renders outbound STOMP 1.2 frames. */
public final class StompFrames {

  static final String SERVER = "Dugout/0.1";

  private static final byte[] NOTHING = new byte[0];
  private static final byte[] BODY_HEADERS =
      "\ncontent-type:application/json\ncontent-length:".getBytes(StandardCharsets.US_ASCII);

  private StompFrames() {}

  public static String connected(
      String version, long serverBeatMs, long clientBeatMs, String userId) {
    return "CONNECTED\nversion:"
        + version
        + "\nheart-beat:"
        + serverBeatMs
        + ","
        + clientBeatMs
        + "\nserver:"
        + SERVER
        + "\nuser-name:"
        + escape(userId)
        + "\n\n\0";
  }

  public static String receipt(String receiptId) {
    return "RECEIPT\nreceipt-id:" + escape(receiptId) + "\n\n\0";
  }

  public static String error(String message, String receiptId) {
    return error(null, message, receiptId);
  }

  /** An ERROR frame; {@code code}, when given, is a stable machine-readable reason. */
  public static String error(String code, String message, String receiptId) {
    var frame = new StringBuilder("ERROR\ncontent-type:text/plain\n");
    if (code != null) {
      frame.append("code:").append(code).append('\n');
    }
    frame.append("message:").append(escape(message));
    if (receiptId != null) {
      frame.append("\nreceipt-id:").append(escape(receiptId));
    }
    byte[] body = message.getBytes(StandardCharsets.UTF_8);
    return frame
        .append("\ncontent-length:")
        .append(body.length)
        .append("\n\n")
        .append(message)
        .append('\0')
        .toString();
  }

  /** A MESSAGE frame split around its {@code subscription} header value. */
  public static MessageParts message(String destination, String messageId, byte[] jsonBody) {
    return message(destination, messageId, NOTHING, jsonBody, 0, 0);
  }

  /**
   * A MESSAGE frame split around its {@code subscription} header value, its body {@code bodyHead}
   * followed by {@code body} from index {@code bodyFrom}, stamped with when its message was stored
   * ({@link System#nanoTime}; 0: not stamped) so the writer can sample delivery latency. why: a
   * message's body is its stored JSON behind a type field, copied once into the frame.
   */
  public static MessageParts message(
      String destination,
      String messageId,
      byte[] bodyHead,
      byte[] body,
      int bodyFrom,
      long storedAtNanos) {
    String head =
        "MESSAGE\ndestination:"
            + escape(destination)
            + "\nmessage-id:"
            + escape(messageId)
            + "\nsubscription:";
    int bodyLength = bodyHead.length + body.length - bodyFrom;
    byte[] length = Integer.toString(bodyLength).getBytes(StandardCharsets.US_ASCII);
    byte[] tail = new byte[BODY_HEADERS.length + length.length + 2 + bodyLength + 1];
    int at = put(BODY_HEADERS, tail, 0);
    at = put(length, tail, at);
    tail[at++] = '\n';
    tail[at++] = '\n';
    at = put(bodyHead, tail, at);
    System.arraycopy(body, bodyFrom, tail, at, body.length - bodyFrom);
    tail[tail.length - 1] = 0; // the frame's NUL
    return new MessageParts(head.getBytes(StandardCharsets.UTF_8), tail, storedAtNanos);
  }

  private static int put(byte[] part, byte[] into, int at) {
    System.arraycopy(part, 0, into, at, part.length);
    return at + part.length;
  }

  /** Escapes a header value as STOMP 1.2 requires. */
  static String escape(String value) {
    if (value.indexOf('\\') < 0
        && value.indexOf('\n') < 0
        && value.indexOf('\r') < 0
        && value.indexOf(':') < 0) {
      return value;
    }
    return value
        .replace("\\", "\\\\")
        .replace("\n", "\\n")
        .replace("\r", "\\r")
        .replace(":", "\\c");
  }

  /**
   * The parts of a MESSAGE frame before and after its subscription id as UTF-8 bytes, made once per
   * message for every subscriber's copy; as characters only when a writer that takes characters
   * asks. why: the Netty listener writes the bytes, and decoding every message's tail to a string
   * it never read was a twentieth of what a SEND allocated.
   */
  public static final class MessageParts {

    private final byte[] headUtf8;
    private final byte[] tailUtf8;
    private final long storedAtNanos;
    // why: decoded at most once per message in practice; two threads racing decode equal strings
    private String head;
    private String tail;

    MessageParts(byte[] headUtf8, byte[] tailUtf8, long storedAtNanos) {
      this.headUtf8 = headUtf8;
      this.tailUtf8 = tailUtf8;
      this.storedAtNanos = storedAtNanos;
    }

    public byte[] headUtf8() {
      return headUtf8;
    }

    public byte[] tailUtf8() {
      return tailUtf8;
    }

    public String head() {
      // why: one read of the field; shared between writer threads, a second read could see null
      String decoded = head;
      return decoded != null ? decoded : (head = new String(headUtf8, StandardCharsets.UTF_8));
    }

    public String tail() {
      // why: one read of the field; shared between writer threads, a second read could see null
      String decoded = tail;
      return decoded != null ? decoded : (tail = new String(tailUtf8, StandardCharsets.UTF_8));
    }

    /** When its message was stored ({@link System#nanoTime}); 0 for replays and events. */
    public long storedAtNanos() {
      return storedAtNanos;
    }

    /** Their size on the wire in UTF-8 bytes, without the subscription id. */
    public int bytes() {
      return headUtf8.length + tailUtf8.length;
    }
  }
}
