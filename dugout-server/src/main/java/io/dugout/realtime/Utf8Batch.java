package io.dugout.realtime;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;

/**
 * A batch of frames as UTF-8 bytes in one of Netty's pooled buffers, and the WebSocket text frame
 * written from them. A shared MESSAGE frame is copied from its UTF-8 parts and subscription id,
 * each encoded once.
 *
 * <p>The one object is the batch, the frame, the event-loop task that writes it and the listener of
 * that write. why: a batch is written per receiver of each message, and four objects per write
 * (batch, frame, task and listener) were a twentieth of what a SEND allocates; young pauses come as
 * often as allocation fills the young generation.
 */
final class Utf8Batch extends TextWebSocketFrame
    implements FrameBatch, Runnable, ChannelFutureListener {

  private final Channel channel;
  private Runnable written;
  private boolean handedOver;

  /** A batch that writes into {@code bytes}, which it owns until it is written or discarded. */
  Utf8Batch(Channel channel, ByteBuf bytes) {
    super(bytes);
    this.channel = channel;
  }

  @Override
  public void append(String frame) {
    ByteBufUtil.writeUtf8(content(), frame);
  }

  @Override
  public void append(Outgoing.Shared frame) {
    var parts = frame.parts();
    var bytes = content();
    bytes.writeBytes(parts.headUtf8());
    bytes.writeBytes(frame.subscriptionIdUtf8());
    bytes.writeBytes(parts.tailUtf8());
  }

  @Override
  public int size() {
    return content().readableBytes();
  }

  /** Gives its buffer back, unless it was handed to the channel, which then owns it. */
  @Override
  public void discard() {
    if (!handedOver && refCnt() > 0) {
      release();
    }
  }

  /**
   * Hands the frame to the channel's event loop, which writes it behind every task queued before;
   * {@code written} runs on the loop once the frame is in the socket, or has failed.
   */
  void writeOnLoop(Runnable written) {
    this.written = written;
    handedOver = true;
    try {
      channel.eventLoop().execute(this);
    } catch (RuntimeException e) {
      // why: the loop refused the task (shutting down), so the frame was never taken
      release();
      throw e;
    }
  }

  /** On the event loop: the write. */
  @Override
  public void run() {
    channel.writeAndFlush(this).addListener(this);
  }

  /** The write is done, or failed (the channel then closes and reports it). */
  @Override
  public void operationComplete(ChannelFuture future) {
    written.run();
  }
}
