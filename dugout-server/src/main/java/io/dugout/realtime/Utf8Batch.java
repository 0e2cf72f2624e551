package io.dugout.realtime;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;

/**
 * A batch of frames as UTF-8 bytes in one of Netty's pooled buffers, which the WebSocket frame
 * written from it takes over. A shared MESSAGE frame is copied from its UTF-8 parts and
 * subscription id, each encoded once.
 */
final class Utf8Batch implements FrameBatch {

  private ByteBuf bytes;

  /** A batch that writes into {@code bytes}, which it owns until {@link #take} or discard. */
  Utf8Batch(ByteBuf bytes) {
    this.bytes = bytes;
  }

  @Override
  public void append(String frame) {
    ByteBufUtil.writeUtf8(bytes, frame);
  }

  @Override
  public void append(Outgoing.Shared frame) {
    var parts = frame.parts();
    bytes.writeBytes(parts.headUtf8());
    bytes.writeBytes(frame.subscriptionIdUtf8());
    bytes.writeBytes(parts.tailUtf8());
  }

  @Override
  public int size() {
    return bytes.readableBytes();
  }

  @Override
  public void discard() {
    if (bytes != null) {
      bytes.release();
      bytes = null;
    }
  }

  /** Hands its buffer over; the batch holds nothing afterwards. */
  ByteBuf take() {
    ByteBuf taken = bytes;
    bytes = null;
    return taken;
  }
}
