package io.dugout.transport.netty;

import io.dugout.realtime.BatchWriter;
import io.dugout.realtime.FrameBatch;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import java.net.InetSocketAddress;
import java.net.URI;
import java.security.Principal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.http.HttpHeaders;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketExtension;
import org.springframework.web.socket.WebSocketMessage;
import org.springframework.web.socket.WebSocketSession;

/**
 * A WebSocket connection of the Netty listener, seen as Spring's {@link WebSocketSession} so the
 * STOMP code serves it unchanged.
 *
 * <p>It is its session's non-blocking {@link BatchWriter}. Each write is handed to the channel's
 * event loop as a task, so writes keep the order they were made in whichever thread makes them (a
 * write made directly on the loop would overtake tasks other threads queued before it), and the
 * writes of one pass of the loop are flushed together ({@link LoopFlush}).
 *
 * <p>A close queues the close frame behind what was written before it; the connection closes when
 * the client's close frame answers it, or after the grace period when none comes.
 */
public final class NettyConnection implements WebSocketSession, BatchWriter {

  private final Channel channel;
  private final LoopFlush flush;
  private final String id;
  private final URI uri;
  private final HttpHeaders handshakeHeaders;
  private final String protocol;
  private final Duration closeGrace;
  private final Map<String, Object> attributes = new ConcurrentHashMap<>();
  private final AtomicBoolean closing = new AtomicBoolean();

  /** The server's close frame, once handed to the channel; read and written on its event loop. */
  private ChannelFuture closeFrameWritten;

  NettyConnection(
      Channel channel,
      String id,
      URI uri,
      HttpHeaders handshakeHeaders,
      String protocol,
      Duration closeGrace) {
    this.channel = channel;
    this.flush = new LoopFlush(channel);
    this.id = id;
    this.uri = uri;
    this.handshakeHeaders = handshakeHeaders;
    this.protocol = protocol;
    this.closeGrace = closeGrace;
  }

  @Override
  public boolean blocks() {
    return false;
  }

  /** A batch of UTF-8 bytes in a buffer of the channel's pooled allocator. */
  @Override
  public FrameBatch newBatch(int expectedBytes) {
    return new Utf8Batch(flush, expectedBytes);
  }

  /**
   * Queues {@code batch} as one text frame; {@code written} runs on the event loop once the frame
   * is in the socket, or has failed (the connection then closes and reports it).
   */
  @Override
  public void write(FrameBatch batch, Runnable written) {
    ((Utf8Batch) batch).writeOnLoop(written);
  }

  @Override
  public void sendMessage(WebSocketMessage<?> message) {
    if (!(message instanceof TextMessage text)) {
      throw new IllegalArgumentException("only text frames are sent: " + message);
    }
    String payload = text.getPayload();
    var batch = new Utf8Batch(flush, ByteBufUtil.utf8Bytes(payload));
    batch.append(payload);
    batch.writeOnLoop(() -> {});
  }

  @Override
  public void close() {
    close(CloseStatus.NORMAL);
  }

  @Override
  public void close(CloseStatus status) {
    if (!closing.compareAndSet(false, true)) {
      return;
    }
    if (!WebSocketCloseStatus.isValidStatusCode(status.getCode())) {
      // why: the statuses no close frame may carry (1005, 1006) are reports of a connection
      // already gone
      closeAfterWrites();
      return;
    }
    var frame = new CloseWebSocketFrame(status.getCode(), status.getReason());
    channel
        .eventLoop()
        .execute(
            () -> {
              closeFrameWritten = channel.writeAndFlush(frame);
              channel
                  .eventLoop()
                  .schedule(() -> channel.close(), closeGrace.toMillis(), TimeUnit.MILLISECONDS);
            });
  }

  /**
   * The client's close frame arrived: answers it with the same status behind what was written
   * before, and closes. When the server closed first, its close frame was the answer, and the
   * connection closes once that is written. Either way the client's close was read before the TCP
   * connection closes, so no unread byte makes the kernel reset it (which could drop frames the
   * client had not read yet, an ERROR among them).
   */
  void closedByClient(int code) {
    if (closing.compareAndSet(false, true) && WebSocketCloseStatus.isValidStatusCode(code)) {
      var frame = new CloseWebSocketFrame(code, null);
      channel
          .eventLoop()
          .execute(() -> channel.writeAndFlush(frame).addListener(ChannelFutureListener.CLOSE));
      return;
    }
    channel
        .eventLoop()
        .execute(
            () -> {
              // why: once a close frame is out Netty refuses further writes, so the connection
              // closes when ours is written (or now, when the server closed without one)
              ChannelFuture ours = closeFrameWritten;
              if (ours != null) {
                ours.addListener(ChannelFutureListener.CLOSE);
              } else {
                closeAfterWrites();
              }
            });
  }

  /** Closes the connection once everything written before is in the socket. */
  private void closeAfterWrites() {
    channel
        .eventLoop()
        .execute(
            () ->
                channel
                    .writeAndFlush(Unpooled.EMPTY_BUFFER)
                    .addListener(ChannelFutureListener.CLOSE));
  }

  @Override
  public String getId() {
    return id;
  }

  @Override
  public URI getUri() {
    return uri;
  }

  @Override
  public HttpHeaders getHandshakeHeaders() {
    return handshakeHeaders;
  }

  @Override
  public Map<String, Object> getAttributes() {
    return attributes;
  }

  /** STOMP authenticates in CONNECT; the handshake carries no user. */
  @Override
  public Principal getPrincipal() {
    return null;
  }

  @Override
  public InetSocketAddress getLocalAddress() {
    return (InetSocketAddress) channel.localAddress();
  }

  @Override
  public InetSocketAddress getRemoteAddress() {
    return (InetSocketAddress) channel.remoteAddress();
  }

  @Override
  public String getAcceptedProtocol() {
    return protocol;
  }

  /** The listener's frame decoder holds the limit; frames of any size arrive in parts. */
  @Override
  public void setTextMessageSizeLimit(int messageSizeLimit) {}

  @Override
  public int getTextMessageSizeLimit() {
    return Integer.MAX_VALUE;
  }

  @Override
  public void setBinaryMessageSizeLimit(int messageSizeLimit) {}

  @Override
  public int getBinaryMessageSizeLimit() {
    return Integer.MAX_VALUE;
  }

  @Override
  public List<WebSocketExtension> getExtensions() {
    return List.of();
  }

  @Override
  public boolean isOpen() {
    return channel.isActive() && !closing.get();
  }
}
