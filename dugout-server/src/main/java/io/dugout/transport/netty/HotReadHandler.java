package io.dugout.transport.netty;

import io.dugout.fastpath.HotReadMatcher;
import io.dugout.system.AccessLog;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Netty listener in front of Tomcat answers the hottest reads (history pages, entering a room)
 * itself, and relays the rest: this handler takes a connection that is not a WebSocket's ({@link
 * FirstRequestRouter}) and reads its requests one at a time. A usual request ({@link RequestHead})
 * that {@link HotReadMatcher} answers with a {@code 200} gets that answer here, with the headers
 * Tomcat's fast path writes; the answer is made on a virtual thread, since it reads the store, and
 * the next request is read only after it was written, so answers leave in order.
 *
 * <p>The first request it does not answer (another route, an unusual head, a request the fast path
 * leaves to the full chain, such as every error) makes the connection Tomcat's for good: a {@link
 * TomcatRelay} takes its place and gets that request's bytes and everything after them, so Tomcat
 * reads it exactly as the client sent it and answers it as it answers every request. Only such a
 * switch keeps answers in order without reading Tomcat's responses. A connection waits for its next
 * request at most {@code idle}, as Tomcat's keep-alive does.
 *
 * <p>Answers wait for a client that does not read them: while more than Netty's high-water mark of
 * them is unwritten, no further request is handled or read, so a client that pipelines without
 * reading holds a socket buffer and that mark in memory, not an answer per request, and meets the
 * same {@code idle} as a write Tomcat could not finish. A client that ends its input (a half-close)
 * after its requests gets the answers to every one of them that came whole, then the connection
 * closes; on epoll only as far as the socket buffers take them at once, as Netty 4.2's epoll closes
 * a half-closed connection whose answer has to wait for room (see {@link #read}).
 *
 * <p>Over 300 lines: reading, answering in order and back-pressure work on one connection's state
 * (the requests queued, whether reading is paused, whether the input ended), so they stay together.
 */
final class HotReadHandler extends ChannelInboundHandlerAdapter {

  private static final Logger log = LoggerFactory.getLogger(HotReadHandler.class);
  private static final DateTimeFormatter HTTP_DATE =
      DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US)
          .withZone(ZoneOffset.UTC);
  private static final byte[] HEAD_START = head();

  private static volatile DateLine date = new DateLine(0, new byte[0]);

  private final HotReadMatcher reads;
  private final Supplier<ChannelHandler> relay;
  private final Executor answering;
  private final boolean accessLog;
  private final long idleNanos;
  private ByteBuf pending;
  private boolean busy;
  private boolean inputShut;
  private long lastRequest;
  private ScheduledFuture<?> idle;

  /**
   * @param relay makes the handler that takes over a connection from its first request not answered
   * @param answering where answers are made (they read the store, so not on the event loop)
   * @param accessLog whether answers go to the access log ({@code dugout.log.access})
   * @param idleNanos how long a connection may wait for its next request
   */
  HotReadHandler(
      HotReadMatcher reads,
      Supplier<ChannelHandler> relay,
      Executor answering,
      boolean accessLog,
      long idleNanos) {
    this.reads = reads;
    this.relay = relay;
    this.answering = answering;
    this.accessLog = accessLog;
    this.idleNanos = idleNanos;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    // why: a client may end its request with a half-close and still read the answer
    ctx.channel().config().setOption(ChannelOption.ALLOW_HALF_CLOSURE, true);
    lastRequest = ctx.executor().ticker().nanoTime();
    scheduleIdleCheck(ctx, idleNanos);
  }

  private void scheduleIdleCheck(ChannelHandlerContext ctx, long delayNanos) {
    idle = ctx.executor().schedule(() -> idleCheck(ctx), delayNanos, TimeUnit.NANOSECONDS);
  }

  private void idleCheck(ChannelHandlerContext ctx) {
    if (ctx.isRemoved()) {
      return;
    }
    long waited = ctx.executor().ticker().nanoTime() - lastRequest;
    if (busy || waited < idleNanos) {
      scheduleIdleCheck(ctx, busy ? idleNanos : idleNanos - waited);
      return;
    }
    log.debug("Closing {}: no request within {} ms", ctx.channel(), idleNanos / 1_000_000);
    ctx.close();
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    if (idle != null) {
      idle.cancel(false);
    }
    if (pending != null) {
      pending.release();
      pending = null;
    }
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object message) {
    if (!(message instanceof ByteBuf bytes)) {
      ReferenceCountUtil.release(message);
      return;
    }
    pending =
        pending == null
            ? bytes
            : ByteToMessageDecoder.MERGE_CUMULATOR.cumulate(ctx.alloc(), pending, bytes);
    next(ctx);
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
    if (event instanceof ChannelInputShutdownEvent) {
      inputShut = true;
      next(ctx);
      return;
    }
    super.userEventTriggered(ctx, event);
  }

  /**
   * Handles the next request in what was read, if it has come whole and the client takes answers;
   * reads on only while it waits for a request's bytes.
   */
  private void next(ChannelHandlerContext ctx) {
    if (busy || ctx.isRemoved()) {
      // why: a flush that makes the channel writable again comes back here through
      // channelWritabilityChanged, which may have started the next answer or handed over already
      return;
    }
    if (!ctx.channel().isWritable()) {
      // why: the answers the client has not read stay in memory; channelWritabilityChanged goes on
      read(ctx, false);
      return;
    }
    if (pending == null || !pending.isReadable()) {
      if (inputShut) {
        // why: the client will send nothing more and has every answer it asked for
        ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
      }
      read(ctx, true);
      return;
    }
    RequestHead head = RequestHead.read(pending);
    if (head == null && !inputShut) {
      read(ctx, true);
      return;
    }
    HotReadMatcher.Match match =
        head == null || !head.usual() ? null : reads.match(head.method(), head.path());
    if (match == null) {
      handOver(ctx);
      return;
    }
    busy = true;
    lastRequest = ctx.executor().ticker().nanoTime();
    read(ctx, false);
    long start = System.nanoTime();
    answering.execute(
        () -> {
          HotReadMatcher.Answer answer = null;
          try {
            answer = answer(match, head);
          } finally {
            // why: whatever happened, the connection goes on: answered here, or by Tomcat
            HotReadMatcher.Answer done = answer;
            ctx.executor().execute(() -> answered(ctx, head, done, start));
          }
        });
  }

  private static HotReadMatcher.Answer answer(HotReadMatcher.Match match, RequestHead head) {
    try {
      return match.answer(head.authorization(), head.accept(), false, head.query());
    } catch (RuntimeException unexpected) {
      log.warn("A hot read failed; Tomcat answers it", unexpected);
      return null;
    }
  }

  private void answered(
      ChannelHandlerContext ctx, RequestHead head, HotReadMatcher.Answer answer, long start) {
    busy = false;
    if (ctx.isRemoved() || !ctx.channel().isActive()) {
      return;
    }
    if (answer == null) {
      handOver(ctx);
      return;
    }
    pending.skipBytes(head.length());
    // why: on a connection that pipelines, what was read stays ahead of what is handled
    pending.discardSomeReadBytes();
    ctx.write(response(ctx, answer.body()));
    answer.answered(start);
    if (accessLog) {
      AccessLog.answered(
          head.method(),
          answer.match().template(),
          200,
          System.nanoTime() - start,
          answer.userId());
    }
    ctx.flush();
    next(ctx);
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) {
    if (ctx.channel().isWritable()) {
      next(ctx);
    }
    ctx.fireChannelWritabilityChanged();
  }

  /** Reads the client's bytes while {@code on}; a client that ended its input is left alone. */
  private void read(ChannelHandlerContext ctx, boolean on) {
    // why: there is nothing more to read, and Netty 4.2's epoll (4.2.15 to 4.2.19 at least) drops
    // a half-closed connection that waits for nothing from its epoll set but still believes it
    // there, so a later change of what it waits for fails (epoll_ctl ENOENT) and closes the
    // connection with answers owed; a write that must wait for room fails the same way
    if (!inputShut) {
      ctx.channel().config().setAutoRead(on);
    }
  }

  /** The rest of the connection is Tomcat's, from the request at the start of what is pending. */
  private void handOver(ChannelHandlerContext ctx) {
    ctx.pipeline().addAfter(ctx.name(), null, relay.get());
    ByteBuf rest = pending;
    pending = null;
    ctx.pipeline().remove(this);
    if (rest != null && rest.isReadable()) {
      ctx.fireChannelRead(rest);
      ctx.fireChannelReadComplete();
    } else if (rest != null) {
      rest.release();
    }
    if (inputShut) {
      ctx.fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    if (pending != null) {
      pending.release();
      pending = null;
    }
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    log.debug("Connection {} failed: {}", ctx.channel(), cause.toString());
    ctx.close();
  }

  /** A {@code 200} with the headers Tomcat's fast path writes, and {@code body}. */
  private static ByteBuf response(ChannelHandlerContext ctx, byte[] body) {
    byte[] length = Integer.toString(body.length).getBytes(StandardCharsets.US_ASCII);
    byte[] dateLine = dateLine();
    ByteBuf out =
        ctx.alloc().buffer(HEAD_START.length + length.length + dateLine.length + 4 + body.length);
    out.writeBytes(HEAD_START).writeBytes(length).writeByte('\r').writeByte('\n');
    out.writeBytes(dateLine).writeByte('\r').writeByte('\n');
    return out.writeBytes(body);
  }

  /** The status line and the headers up to {@code Content-Length}'s value. */
  private static byte[] head() {
    var text = new StringBuilder("HTTP/1.1 200 \r\n");
    for (String[] header : HotReadMatcher.SECURITY_HEADERS) {
      text.append(header[0]).append(": ").append(header[1]).append("\r\n");
    }
    text.append("Content-Type: application/json\r\nContent-Length: ");
    return text.toString().getBytes(StandardCharsets.US_ASCII);
  }

  /** The {@code Date} header with its line end, made once a second. */
  private static byte[] dateLine() {
    long second = System.currentTimeMillis() / 1000;
    DateLine current = date;
    if (current.second != second) {
      String text = "Date: " + HTTP_DATE.format(Instant.ofEpochSecond(second)) + "\r\n";
      current = new DateLine(second, text.getBytes(StandardCharsets.US_ASCII));
      date = current;
    }
    return current.bytes;
  }

  private record DateLine(long second, byte[] bytes) {}
}
