package io.dugout.transport.netty;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The first handler of a connection on the HTTP port when the Netty listener is in front ({@code
 * dugout.realtime.netty.front}): it reads a connection's first request head as far as it must and
 * nothing more. A connection that opens with a WebSocket handshake for the STOMP endpoint ({@code
 * GET /ws}, with or without a query, in an upgrade head {@link RequestHead} finds strict) stays
 * with the listener's handlers behind this one; any other connection (another path or method, a
 * head the front finds doubtful, bytes that are not HTTP) has those handlers replaced by {@link
 * HotReadHandler}, which answers its hot reads and makes it Tomcat's ({@link TomcatRelay}) from its
 * first other request on. Either way the bytes read so far go on unchanged, and this handler leaves
 * the pipeline.
 *
 * <p>Only the first request decides: a later request on a kept-alive connection goes where the
 * connection went, so a WebSocket handshake after other requests on one connection reaches Tomcat's
 * {@code /ws}, which serves the same endpoint. Browsers and STOMP clients open a WebSocket on a
 * connection of its own. A connection that has not sent its request line within {@code idle}, or
 * the whole head of a request that begins {@code GET /ws}, is closed, as Tomcat closes one that
 * sends nothing.
 */
final class FirstRequestRouter extends ByteToMessageDecoder {

  private static final Logger log = LoggerFactory.getLogger(FirstRequestRouter.class);
  private static final byte[] WEB_SOCKET = "GET /ws".getBytes(StandardCharsets.US_ASCII);

  private final Supplier<ChannelHandler> relay;
  private final long idleNanos;
  private ScheduledFuture<?> idle;

  /**
   * @param relay makes the handler that takes over a connection that is not a WebSocket's
   * @param idleNanos how long a connection may stay without its request line, or without the whole
   *     head of a request that begins {@code GET /ws}
   */
  FirstRequestRouter(Supplier<ChannelHandler> relay, long idleNanos) {
    this.relay = relay;
    this.idleNanos = idleNanos;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    idle = ctx.executor().schedule(() -> silent(ctx), idleNanos, TimeUnit.NANOSECONDS);
  }

  private void silent(ChannelHandlerContext ctx) {
    log.debug("Closing {}: no request head within {} ms", ctx.channel(), idleNanos / 1_000_000);
    ctx.close();
  }

  @Override
  protected void handlerRemoved0(ChannelHandlerContext ctx) {
    idle.cancel(false);
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    Route route = route(in);
    if (route == Route.UNDECIDED) {
      return;
    }
    ChannelPipeline pipeline = ctx.pipeline();
    if (route == Route.TOMCAT) {
      // why: everything behind this handler is the listener's; the relay takes the bytes instead
      List<String> names = pipeline.names();
      for (String name : names.subList(names.indexOf(ctx.name()) + 1, names.size())) {
        if (pipeline.context(name) != null) {
          pipeline.remove(name);
        }
      }
      pipeline.addLast(relay.get());
    }
    // why: leaving hands what was read so far to the next handler, in order, before later reads
    pipeline.remove(this);
  }

  /** Where a connection whose first bytes are {@code in} goes, or UNDECIDED while unknown. */
  static Route route(ByteBuf in) {
    int start = in.readerIndex();
    int readable = in.readableBytes();
    int prefix = Math.min(readable, WEB_SOCKET.length);
    for (int i = 0; i < prefix; i++) {
      if (in.getByte(start + i) != WEB_SOCKET[i]) {
        return Route.TOMCAT;
      }
    }
    if (readable <= WEB_SOCKET.length) {
      return Route.UNDECIDED;
    }
    byte next = in.getByte(start + WEB_SOCKET.length);
    if (next != ' ' && next != '?') {
      return Route.TOMCAT;
    }
    // why: Netty's HTTP codec takes heads Tomcat refuses (two Content-Length fields, a bad Host,
    // bare LF line ends), so it only sees a handshake whose whole head the front found strict, and
    // waiting for that whole head keeps this handler's timer on a head sent halfway
    RequestHead head = RequestHead.read(in);
    if (head == null) {
      return Route.UNDECIDED;
    }
    return head.webSocket() ? Route.WEB_SOCKET : Route.TOMCAT;
  }

  /** Where a connection goes. */
  enum Route {
    UNDECIDED,
    WEB_SOCKET,
    TOMCAT
  }
}
