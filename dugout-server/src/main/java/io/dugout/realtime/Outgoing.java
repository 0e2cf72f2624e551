package io.dugout.realtime;

/** A frame waiting in a session's outbound queue, rendered only when it is written. */
interface Outgoing {

  /** Its size in characters, for the queue's byte budget (close enough for ASCII frames). */
  int length();

  void appendTo(StringBuilder out);

  /** A frame rendered once, for one session. */
  record Text(String text) implements Outgoing {
    @Override
    public int length() {
      return text.length();
    }

    @Override
    public void appendTo(StringBuilder out) {
      out.append(text);
    }
  }

  /**
   * A MESSAGE frame shared by every subscriber of a destination: only the {@code subscription}
   * header differs, so the body is encoded once per message, not once per receiver.
   */
  record Shared(StompFrames.MessageParts parts, String subscriptionId) implements Outgoing {
    @Override
    public int length() {
      return parts.length() + subscriptionId.length();
    }

    @Override
    public void appendTo(StringBuilder out) {
      out.append(parts.head()).append(subscriptionId).append(parts.tail());
    }
  }
}
