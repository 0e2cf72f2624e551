package io.dugout.transport.netty;

import io.dugout.fastpath.FastPathMetrics;
import io.dugout.realtime.SerialRunner;
import io.dugout.realtime.StompEndpoint;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.ContinuationWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler.HandshakeComplete;
import io.netty.util.ReferenceCountUtil;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.CloseStatus;

/**
 * One connection of the Netty listener after its HTTP codec and WebSocket handshake: hands the
 * connection's events to {@link StompEndpoint} in order, on the connection's own {@link
 * SerialRunner}. Only a message SEND read while nothing of the connection waits there is tried on
 * the event loop, where everything it does refuses before it would wait ({@link
 * StompEndpoint#handleWithoutWaiting}); what it cannot finish there goes to the runner, in order.
 *
 * <p>A client that stops reading shows here as a channel that stays unwritable (Netty holds more
 * than its high-water mark of bytes for it): after the send time limit it is closed as a slow
 * consumer, as a Tomcat write blocked that long is. A client whose frames wait to be handled is
 * read no further meanwhile ({@link #MAX_UNHANDLED_BYTES}). Any HTTP request other than a WebSocket
 * handshake at {@code /ws} is answered 404.
 */
final class NettyInbound extends ChannelInboundHandlerAdapter {

  private static final Logger log = LoggerFactory.getLogger(NettyInbound.class);

  /**
   * Bytes read but not yet handled, above which the connection is read no further until its
   * handling caught up: a client sending faster than its frames are handled waits in TCP, as it
   * does on Tomcat, instead of queueing without bound.
   */
  static final int MAX_UNHANDLED_BYTES = 256 * 1024;

  private final StompEndpoint endpoint;
  private final Duration sendTimeLimit;
  private final FastPathMetrics.Route handshakes;
  private final boolean attempts;
  private final String id;
  private final SerialRunner runner = new SerialRunner(failure -> closeAfterFailure());
  private final AtomicLong unhandledBytes = new AtomicLong();
  private long acceptedNanos;
  private long unwritableSinceNanos;
  private NettyConnection connection;
  private CloseStatus closedByClient;

  /**
   * @param attempts whether message SENDs are tried on the event loop ({@link
   *     StompEndpoint#triesWithoutWaiting} and {@code dugout.realtime.netty.attempt-sends})
   */
  NettyInbound(
      StompEndpoint endpoint,
      Duration sendTimeLimit,
      FastPathMetrics.Route handshakes,
      boolean attempts,
      String id) {
    this.endpoint = endpoint;
    this.sendTimeLimit = sendTimeLimit;
    this.handshakes = handshakes;
    this.attempts = attempts;
    this.id = id;
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) throws Exception {
    acceptedNanos = System.nanoTime();
    super.channelActive(ctx);
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
    if (event instanceof HandshakeComplete done) {
      var headers = new HttpHeaders();
      done.requestHeaders().forEach(header -> headers.add(header.getKey(), header.getValue()));
      var socket =
          new NettyConnection(
              ctx.channel(),
              id,
              URI.create(done.requestUri()),
              headers,
              done.selectedSubprotocol(),
              sendTimeLimit);
      connection = socket;
      handshakes.answered(HttpResponseStatus.SWITCHING_PROTOCOLS.code(), acceptedNanos);
      runner.run(() -> opened(socket));
    }
    super.userEventTriggered(ctx, event);
  }

  /** A task of the connection failed with an error: what it left behind is unknown, so it ends. */
  private void closeAfterFailure() {
    var socket = connection;
    if (socket != null) {
      socket.close(CloseStatus.SERVER_ERROR);
    }
  }

  private void opened(NettyConnection socket) {
    try {
      endpoint.afterConnectionEstablished(socket);
    } catch (Exception e) {
      log.error("Opening a session on {} failed", socket.getId(), e);
      socket.close(CloseStatus.SERVER_ERROR);
    }
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object message) {
    try {
      switch (message) {
        case TextWebSocketFrame frame -> received(ctx.channel(), frame.content());
        case BinaryWebSocketFrame frame -> received(ctx.channel(), frame.content());
        case ContinuationWebSocketFrame frame -> received(ctx.channel(), frame.content());
        case CloseWebSocketFrame frame -> {
          int code =
              frame.statusCode() < 0 ? CloseStatus.NO_STATUS_CODE.getCode() : frame.statusCode();
          closedByClient = new CloseStatus(code, frame.reasonText());
          var socket = connection;
          if (socket != null) {
            // why: answered after the frames read before it, whose answers (a DISCONNECT's
            // receipt, an ERROR) and their own close go first, as on Tomcat
            runner.run(() -> socket.closedByClient(code));
          } else {
            ctx.close();
          }
        }
        case HttpRequest request -> notFound(ctx, request);
        default -> {}
      }
    } finally {
      ReferenceCountUtil.release(message);
    }
  }

  private void received(Channel channel, ByteBuf content) {
    var socket = connection;
    if (socket == null || !content.isReadable()) {
      return;
    }
    byte[] bytes = new byte[content.readableBytes()];
    content.readBytes(bytes);
    Runnable left;
    if (attempts && runner.idle()) {
      left = endpoint.handleWithoutWaiting(socket, ByteBuffer.wrap(bytes));
      if (left == null) {
        return;
      }
    } else {
      left = () -> endpoint.handleMessage(socket, new BinaryMessage(ByteBuffer.wrap(bytes)));
    }
    if (unhandledBytes.addAndGet(bytes.length) > MAX_UNHANDLED_BYTES) {
      channel.config().setAutoRead(false);
    }
    runner.run(
        () -> {
          try {
            left.run();
          } finally {
            if (unhandledBytes.addAndGet(-bytes.length) <= MAX_UNHANDLED_BYTES / 2
                && !channel.config().isAutoRead()) {
              channel.config().setAutoRead(true);
            }
          }
        });
  }

  private void notFound(ChannelHandlerContext ctx, HttpRequest request) {
    log.debug("No WebSocket at {} {}", request.method(), request.uri());
    var response =
        new DefaultFullHttpResponse(
            request.protocolVersion(), HttpResponseStatus.NOT_FOUND, Unpooled.EMPTY_BUFFER);
    response.headers().set(HttpHeaderNames.CONTENT_LENGTH, 0);
    ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
    if (ctx.channel().isWritable()) {
      unwritableSinceNanos = 0;
    } else if (unwritableSinceNanos == 0) {
      long since = System.nanoTime();
      unwritableSinceNanos = since;
      ctx.executor()
          .schedule(() -> stalledSince(since), sendTimeLimit.toNanos(), TimeUnit.NANOSECONDS);
    }
    super.channelWritabilityChanged(ctx);
  }

  /** Runs on the event loop once the send time limit passed since the channel became unwritable. */
  private void stalledSince(long since) {
    if (unwritableSinceNanos == since && connection != null) {
      endpoint.stalled(connection, sendTimeLimit);
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    var socket = connection;
    if (socket != null) {
      CloseStatus status = closedByClient != null ? closedByClient : CloseStatus.NO_CLOSE_FRAME;
      runner.run(() -> endpoint.afterConnectionClosed(socket, status));
    }
    super.channelInactive(ctx);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    log.debug("Connection {} failed: {}", id, cause.toString());
    ctx.close();
  }
}
