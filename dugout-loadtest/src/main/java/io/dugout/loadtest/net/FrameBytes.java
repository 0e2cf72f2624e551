package io.dugout.loadtest.net;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;

/**
 * One connection's scratch array for WebSocket data frames: each frame's payload is copied in with
 * one bulk copy and then scanned as a plain array (per-byte access to a direct buffer costs far
 * more). Text and binary frames both count: servers send STOMP frames in binary messages when the
 * body's content-type is not text. Not thread-safe: one per connection, used on its I/O thread.
 */
public final class FrameBytes {

  private byte[] scratch = new byte[4096];

  /** Copies a data frame's payload to {@link #bytes()} and returns its length; -1 for others. */
  public int copy(WebSocketFrame frame) {
    if (!(frame instanceof TextWebSocketFrame) && !(frame instanceof BinaryWebSocketFrame)) {
      return -1;
    }
    ByteBuf content = frame.content();
    int length = content.readableBytes();
    if (scratch.length < length) {
      scratch = new byte[Math.max(length, scratch.length * 2)];
    }
    content.getBytes(content.readerIndex(), scratch, 0, length);
    return length;
  }

  /** The array the last frame was copied into, from index 0. */
  public byte[] bytes() {
    return scratch;
  }
}
