package io.dugout.realtime;

import io.dugout.realtime.stomp.StompFrames;

/**
 * One batch of outbound frames, rendered in the form its {@link BatchWriter} writes: characters for
 * a servlet container's writer ({@link CharBatch}), UTF-8 bytes for the Netty listener. A MESSAGE
 * frame shared by every subscriber of a room is encoded once per message ({@link
 * StompFrames.MessageParts}), so each receiver's copy costs an append of stored parts, not an
 * encoding.
 */
public interface FrameBatch {

  /** Appends a frame rendered for one session. */
  void append(String frame);

  /** Appends a MESSAGE frame shared by every subscriber, with this session's subscription id. */
  void append(Outgoing.Shared frame);

  /** What it holds so far, in its own unit (chars or bytes): a batch stops growing at a bound. */
  int size();

  /** Gives back what it holds, when it will not be written. */
  void discard();
}
