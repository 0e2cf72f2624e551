package io.dugout.realtime;

import java.nio.charset.StandardCharsets;

/** Renders outbound STOMP 1.2 frames. */
final class StompFrames {

  static final String SERVER = "Dugout/0.1";

  private StompFrames() {}

  static String connected(String version, long serverBeatMs, long clientBeatMs, String userId) {
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

  static String receipt(String receiptId) {
    return "RECEIPT\nreceipt-id:" + escape(receiptId) + "\n\n\0";
  }

  static String error(String message, String receiptId) {
    return error(null, message, receiptId);
  }

  /** An ERROR frame; {@code code}, when given, is a stable machine-readable reason. */
  static String error(String code, String message, String receiptId) {
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
  static MessageParts message(String destination, String messageId, byte[] jsonBody) {
    String head =
        "MESSAGE\ndestination:"
            + escape(destination)
            + "\nmessage-id:"
            + escape(messageId)
            + "\nsubscription:";
    byte[] bodyHeaders =
        ("\ncontent-type:application/json\ncontent-length:" + jsonBody.length + "\n\n")
            .getBytes(StandardCharsets.US_ASCII);
    byte[] tailUtf8 = new byte[bodyHeaders.length + jsonBody.length + 1];
    System.arraycopy(bodyHeaders, 0, tailUtf8, 0, bodyHeaders.length);
    System.arraycopy(jsonBody, 0, tailUtf8, bodyHeaders.length, jsonBody.length);
    tailUtf8[tailUtf8.length - 1] = 0; // the frame's NUL
    return new MessageParts(
        head,
        new String(tailUtf8, StandardCharsets.UTF_8),
        head.getBytes(StandardCharsets.UTF_8),
        tailUtf8,
        0);
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
   * The parts of a MESSAGE frame before and after its subscription id, as characters and as UTF-8
   * bytes, each made once per message for every subscriber's copy.
   */
  record MessageParts(
      String head, String tail, byte[] headUtf8, byte[] tailUtf8, long storedAtNanos) {

    /** Their size on the wire in UTF-8 bytes, without the subscription id. */
    int bytes() {
      return headUtf8.length + tailUtf8.length;
    }

    /**
     * The same frame stamped with when its message was stored ({@link System#nanoTime}), so the
     * writer can sample delivery latency; frames of replays and events stay unstamped.
     */
    MessageParts storedAt(long nanos) {
      return new MessageParts(head, tail, headUtf8, tailUtf8, nanos);
    }
  }
}
