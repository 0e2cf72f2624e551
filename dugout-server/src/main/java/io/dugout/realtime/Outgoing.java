package io.dugout.realtime;

import io.dugout.realtime.stomp.StompFrames;
import io.dugout.system.Utf8;

/** A frame waiting in a session's outbound queue, rendered only when it is written. */
public interface Outgoing {

  /** Its size on the wire in UTF-8 bytes, for the queue's byte budget. */
  int bytes();

  void appendTo(FrameBatch out);

  /** A frame rendered once, for one session. */
  record Text(String text, int bytes) implements Outgoing {

    Text(String text) {
      this(text, Utf8.length(text));
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
