package io.dugout.loadtest.centrifugo;

import io.dugout.loadtest.net.FrameBytes;
import io.dugout.loadtest.stomp.Bytes;
import io.dugout.loadtest.stomp.Delivery;
import io.dugout.loadtest.stomp.EntryType;
import io.dugout.loadtest.stomp.SendStamp;
import io.dugout.loadtest.stomp.StompListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler.ClientHandshakeStateEvent;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

/**
 * Client inbound of a Centrifugo session: sends the {@code connect} command once the WebSocket is
 * open, answers the server's pings, completes waiting commands on their replies and passes each
 * publication to the listener. A frame may hold several replies and pushes, one per line.
 */
final class CentrifugoHandler extends SimpleChannelInboundHandler<WebSocketFrame> {

  /** The subscription name deliveries carry, as the room subscription of a STOMP session. */
  static final String ROOM_SUBSCRIPTION = "room";

  private static final long CONNECT_ID = 1;

  private static final byte[] REPLY = "{\"id\":".getBytes(StandardCharsets.US_ASCII);

  private static final byte[] PUSH = "{\"push\":".getBytes(StandardCharsets.US_ASCII);

  private static final byte[] PUBLICATION = "\"pub\":".getBytes(StandardCharsets.US_ASCII);

  private static final byte[] OFFSET = "\"offset\":".getBytes(StandardCharsets.US_ASCII);

  private static final byte[] ERROR = "\"error\":".getBytes(StandardCharsets.US_ASCII);

  private static final byte[] PONG = "\"pong\":true".getBytes(StandardCharsets.US_ASCII);

  private final String token;

  private final StompListener listener;

  private final CompletableFuture<CentrifugoSession> connected;

  private CentrifugoSession session;

  private boolean pong;

  private final FrameBytes frameBytes = new FrameBytes();

  CentrifugoHandler(
      String token, StompListener listener, CompletableFuture<CentrifugoSession> connected) {
    this.token = token;
    this.listener = listener;
    this.connected = connected;
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
    if (event == ClientHandshakeStateEvent.HANDSHAKE_COMPLETE) {
      session = new CentrifugoSession(ctx.channel());
      session.write(
          "{\"id\":"
              + CONNECT_ID
              + ",\"connect\":{\"token\":\""
              + token
              + "\",\"name\":\"dugout-loadtest\"}}");
    } else if (event == ClientHandshakeStateEvent.HANDSHAKE_TIMEOUT) {
      connected.completeExceptionally(new CentrifugoException("WebSocket handshake timed out"));
      ctx.close();
    }
    super.userEventTriggered(ctx, event);
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
    int end = frameBytes.copy(frame);
    if (end < 0) {
      return;
    }
    byte[] scratch = frameBytes.bytes();
    int start = 0;
    while (start < end) {
      int lineEnd = Bytes.indexOf(scratch, start, end, (byte) '\n');
      if (lineEnd < 0) {
        lineEnd = end;
      }
      if (lineEnd > start) {
        read(scratch, start, lineEnd);
      }
      start = lineEnd + 1;
    }
  }

  private void read(byte[] buf, int start, int end) {
    if (end - start == 2 && buf[start] == '{' && buf[start + 1] == '}') {
      if (pong) {
        session.write("{}");
      }
    } else if (Bytes.startsWith(buf, start, end, PUSH)) {
      if (Bytes.indexOf(buf, start, end, PUBLICATION) >= 0) {
        listener.onMessage(
            new Delivery(
                ROOM_SUBSCRIPTION,
                Bytes.longAfter(buf, start, end, OFFSET),
                // why: a publication carries what was published, and only messages are (mixing
                // changes in is refused against Centrifugo)
                EntryType.MESSAGE,
                SendStamp.find(buf, start, end),
                null,
                SendStamp.now()));
      }
    } else if (Bytes.startsWith(buf, start, end, REPLY)) {
      long id = Bytes.longAfter(buf, start, end, REPLY);
      String error = errorOf(buf, start, end);
      if (id == CONNECT_ID) {
        if (error != null) {
          connected.completeExceptionally(
              new CentrifugoException("server refused connect: " + error));
        } else {
          pong = Bytes.indexOf(buf, start, end, PONG) >= 0;
          connected.complete(session);
        }
      } else if (!session.replied(id, error) && error != null) {
        listener.onError(error);
      }
    }
  }

  private static String errorOf(byte[] buf, int start, int end) {
    int at = Bytes.indexOf(buf, start, end, ERROR);
    if (at < 0) {
      return null;
    }
    // why: the error object as the server wrote it, e.g. {"code":103,"message":"permission denied"}
    int from = at + ERROR.length;
    int to = Bytes.indexOf(buf, from, end, (byte) '}');
    return new String(buf, from, (to < 0 ? end : to + 1) - from, StandardCharsets.UTF_8);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    CentrifugoException closed = new CentrifugoException("connection closed");
    connected.completeExceptionally(closed);
    if (session != null) {
      session.closed(closed);
    }
    listener.onClosed();
    super.channelInactive(ctx);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    connected.completeExceptionally(
        new CentrifugoException(
            cause.getMessage() == null ? cause.toString() : cause.getMessage(), cause));
    ctx.close();
  }
}
