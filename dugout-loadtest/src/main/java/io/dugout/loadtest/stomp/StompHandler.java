package io.dugout.loadtest.stomp;

import io.dugout.loadtest.net.FrameBytes;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler.ClientHandshakeStateEvent;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Client inbound: decodes STOMP frames from WebSocket text messages, answers the CONNECT handshake
 * and passes MESSAGE frames to the session's listener.
 */
final class StompHandler extends SimpleChannelInboundHandler<WebSocketFrame> {

  private static final byte[] MESSAGE = "MESSAGE\n".getBytes(StandardCharsets.US_ASCII);

  private static final byte[] RECEIPT = "RECEIPT".getBytes(StandardCharsets.US_ASCII);

  private static final byte[] CONNECTED = "CONNECTED".getBytes(StandardCharsets.US_ASCII);

  private static final byte[] ERROR = "ERROR".getBytes(StandardCharsets.US_ASCII);

  private static final byte[] SEQ = "\"seq\":".getBytes(StandardCharsets.US_ASCII);

  private static final byte[] CODE = "\"code\":\"".getBytes(StandardCharsets.US_ASCII);

  private static final byte[] SUBSCRIPTION = "subscription".getBytes(StandardCharsets.US_ASCII);

  private static final byte[] CONTENT_LENGTH = "content-length".getBytes(StandardCharsets.US_ASCII);

  private static final byte[] RECEIPT_ID = "receipt-id".getBytes(StandardCharsets.US_ASCII);

  private static final byte[] MESSAGE_HEADER = "message".getBytes(StandardCharsets.US_ASCII);

  private static final int CLIENT_HEARTBEAT_MS = 10_000;

  private final String connectFrame;

  private final StompListener listener;

  private final CompletableFuture<StompSession> connected;

  private StompSession session;

  private final FrameBytes frameBytes = new FrameBytes();

  private ScheduledFuture<?> heartbeat;

  StompHandler(
      String host,
      String token,
      StompListener listener,
      CompletableFuture<StompSession> connected) {
    this.connectFrame =
        "CONNECT\naccept-version:1.2\nhost:"
            + host
            + "\nheart-beat:"
            + CLIENT_HEARTBEAT_MS
            + ",0\nAuthorization:Bearer "
            + token
            + "\n\n\0";
    this.listener = listener;
    this.connected = connected;
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
    if (event == ClientHandshakeStateEvent.HANDSHAKE_COMPLETE) {
      session = new StompSession(ctx.channel(), listener);
      session.write(connectFrame);
    } else if (event == ClientHandshakeStateEvent.HANDSHAKE_TIMEOUT) {
      connected.completeExceptionally(new StompException("WebSocket handshake timed out"));
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
    byte[] buf = frameBytes.bytes();
    int i = 0;
    while (i < end) {
      byte b = buf[i];
      if (b == '\n' || b == '\r') {
        i++; // heart-beat
        continue;
      }
      i = readFrame(ctx, buf, i, end);
    }
  }

  private int readFrame(ChannelHandlerContext ctx, byte[] buf, int start, int end) {
    int lineEnd = Bytes.indexOf(buf, start, end, (byte) '\n');
    if (lineEnd < 0) {
      return end;
    }
    boolean message = Bytes.startsWith(buf, start, end, MESSAGE);
    int commandEnd = lineEnd;
    String subscription = null;
    String receiptId = null;
    String errorMessage = null;
    long contentLength = -1;
    int i = lineEnd + 1;
    while (i < end) {
      int eol = Bytes.indexOf(buf, i, end, (byte) '\n');
      if (eol < 0) {
        return end;
      }
      int lineStop = eol > i && buf[eol - 1] == '\r' ? eol - 1 : eol;
      if (lineStop == i) {
        i = eol + 1;
        break;
      }
      int colon = Bytes.indexOf(buf, i, lineStop, (byte) ':');
      if (colon > 0) {
        if (subscription == null && isHeader(buf, i, colon, SUBSCRIPTION)) {
          subscription = value(buf, colon, lineStop);
        } else if (isHeader(buf, i, colon, CONTENT_LENGTH)) {
          contentLength = Long.parseLong(value(buf, colon, lineStop).trim());
        } else if (!message && isHeader(buf, i, colon, RECEIPT_ID)) {
          receiptId = value(buf, colon, lineStop);
        } else if (!message && isHeader(buf, i, colon, MESSAGE_HEADER)) {
          errorMessage = value(buf, colon, lineStop);
        }
      }
      i = eol + 1;
    }
    int bodyEnd =
        contentLength >= 0
            ? (int) Math.min(end, i + contentLength)
            : Bytes.indexOf(buf, i, end, (byte) 0);
    if (bodyEnd < 0) {
      bodyEnd = end;
    }
    if (message) {
      SendStamp stamp = SendStamp.find(buf, i, bodyEnd);
      long seq = Bytes.longAfter(buf, i, bodyEnd, SEQ);
      String code = seq < 0 ? Bytes.stringAfter(buf, i, bodyEnd, CODE) : null;
      EntryType type = EntryType.find(buf, i, bodyEnd);
      listener.onMessage(new Delivery(subscription, seq, type, stamp, code, SendStamp.now()));
    } else if (Bytes.startsWith(buf, start, commandEnd, RECEIPT)) {
      session.receiptArrived(receiptId);
    } else if (Bytes.startsWith(buf, start, commandEnd, CONNECTED)) {
      startHeartbeat(ctx);
      connected.complete(session);
    } else if (Bytes.startsWith(buf, start, commandEnd, ERROR)) {
      String detail =
          errorMessage != null
              ? errorMessage
              : new String(buf, i, bodyEnd - i, StandardCharsets.UTF_8).trim();
      if (!connected.isDone()) {
        connected.completeExceptionally(new StompException("server refused CONNECT: " + detail));
      }
      listener.onError(detail);
    }
    return bodyEnd + 1;
  }

  private static String value(byte[] buf, int colon, int lineStop) {
    return new String(buf, colon + 1, lineStop - colon - 1, StandardCharsets.UTF_8);
  }

  private static boolean isHeader(byte[] buf, int start, int colon, byte[] name) {
    return colon - start == name.length && Bytes.startsWith(buf, start, colon, name);
  }

  private void startHeartbeat(ChannelHandlerContext ctx) {
    // why: the server drops a client silent for three heart-beat intervals; send ours
    // unconditionally
    heartbeat =
        ctx.executor()
            .scheduleAtFixedRate(
                () -> session.write("\n"),
                CLIENT_HEARTBEAT_MS,
                CLIENT_HEARTBEAT_MS,
                TimeUnit.MILLISECONDS);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    if (heartbeat != null) {
      heartbeat.cancel(false);
    }
    StompException closed = new StompException("connection closed");
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
        new StompException(
            cause.getMessage() == null ? cause.toString() : cause.getMessage(), cause));
    ctx.close();
  }
}
