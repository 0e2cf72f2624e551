package io.dugout.transport.netty;

import io.dugout.realtime.FrameBatch;
import io.dugout.realtime.Outgoing;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.DefaultChannelPromise;

/**
 * A batch of frames as UTF-8 bytes in one of Netty's pooled buffers, written as one WebSocket text
 * frame and flushed with whatever else the loop writes to the connection in the same pass ({@link
 * LoopFlush}). A shared MESSAGE frame is copied from its UTF-8 parts and subscription id, each
 * encoded once.
 *
 * <p>The buffer keeps room in front of the frames for the WebSocket frame header (RFC 6455 section
 * 5.2: final fragment, text, not masked, the length in 1, 2 or 8 bytes), which is written there
 * when the batch is handed over: the channel gets the finished frame as bytes. why: Netty's frame
 * encoder copies a frame of up to 1 KB into a new buffer behind its header, and writes a longer one
 * as two buffers under promises of their own; a batch is written per receiver of each message. The
 * listener negotiates no extension ({@code allowExtensions(false)}), so nothing else changes the
 * frames on their way out; close frames still go through the encoder.
 *
 * <p>The one object is the batch, the promise of its write, the event-loop task that writes it and
 * the listener of that write. why: young pauses come as often as allocation fills the young
 * generation, and a write's objects were the largest part of what a SEND allocates.
 */
public final class Utf8Batch extends DefaultChannelPromise
    implements FrameBatch, Runnable, ChannelFutureListener {

  /** The longest header a server's frame has: 2 bytes and an 8-byte length. */
  private static final int HEADER_ROOM = 10;

  private static final int FINAL_TEXT_FRAME = 0x81;

  private final LoopFlush flush;
  private final ByteBuf bytes;
  private Runnable written;
  private boolean handedOver;

  /**
   * An empty batch for the connection that {@code flush} flushes, in a buffer of its channel's
   * allocator, which the batch owns until written.
   */
  public Utf8Batch(LoopFlush flush, int expectedBytes) {
    super(flush.channel());
    this.flush = flush;
    bytes = channel().alloc().buffer(HEADER_ROOM + expectedBytes);
    bytes.setIndex(HEADER_ROOM, HEADER_ROOM);
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
    return bytes.writerIndex() - HEADER_ROOM;
  }

  /** Gives its buffer back, unless it was handed to the channel, which then owns it. */
  @Override
  public void discard() {
    if (!handedOver && bytes.refCnt() > 0) {
      bytes.release();
    }
  }

  /**
   * Hands the frame to the channel's event loop, which writes it behind every task queued before;
   * {@code written} runs on the loop once the frame is in the socket, or has failed.
   */
  public void writeOnLoop(Runnable written) {
    this.written = written;
    handedOver = true;
    addListener(this);
    try {
      channel().eventLoop().execute(this);
    } catch (RuntimeException e) {
      // why: the loop refused the task (shutting down), so the frame was never taken
      bytes.release();
      throw e;
    }
  }

  /** On the event loop: the write of the frame, this its promise, flushed later in the pass. */
  @Override
  public void run() {
    channel().write(framed(), this);
    flush.request();
  }

  /** The buffer from the frame header on, written in front of the frames. */
  private ByteBuf framed() {
    int length = size();
    int start;
    if (length < 126) {
      start = HEADER_ROOM - 2;
      bytes.setByte(start + 1, length);
    } else if (length <= 0xFFFF) {
      start = HEADER_ROOM - 4;
      bytes.setByte(start + 1, 126);
      bytes.setShort(start + 2, length);
    } else {
      start = 0;
      bytes.setByte(1, 127);
      bytes.setLong(2, length);
    }
    bytes.setByte(start, FINAL_TEXT_FRAME);
    return bytes.readerIndex(start);
  }

  /** The write is done, or failed (the channel then closes and reports it). */
  @Override
  public void operationComplete(ChannelFuture future) {
    written.run();
  }
}
