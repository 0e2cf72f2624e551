package io.dugout.realtime;

/** A frame waiting in a session's outbound queue, rendered only when it is written. */
interface Outgoing {

  /** Its size on the wire in UTF-8 bytes, for the queue's byte budget. */
  int bytes();

  void appendTo(FrameBatch out);

  /** The UTF-8 length of {@code text}, without encoding it. */
  static int utf8Length(CharSequence text) {
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

  /** A frame rendered once, for one session. */
  record Text(String text, int bytes) implements Outgoing {

    Text(String text) {
      this(text, utf8Length(text));
    }

    @Override
    public void appendTo(FrameBatch out) {
      out.append(text);
    }
  }

  /**
   * A MESSAGE frame shared by every subscriber of a destination: only the {@code subscription}
   * header differs, so the body is encoded and measured once per message, and the subscription id
   * once per subscription, not once per receiver.
   */
  record Shared(StompFrames.MessageParts parts, String subscriptionId, byte[] subscriptionIdUtf8)
      implements Outgoing {

    @Override
    public int bytes() {
      return parts.bytes() + subscriptionIdUtf8.length;
    }

    @Override
    public void appendTo(FrameBatch out) {
      out.append(this);
    }
  }
}
