package io.dugout.transport.netty;

import io.dugout.transport.tomcat.RelayedPeers;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.SocketChannel;
import io.netty.util.ReferenceCountUtil;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries one client connection to Tomcat's loopback port and back, byte for byte, on the client's
 * event loop: nothing is parsed, so every HTTP feature Tomcat has (keep-alive, pipelining, chunked
 * bodies, {@code 100-continue}, its own WebSocket) works as if the client were connected to it.
 *
 * <p>Each side is read only while the other can take what is read (Netty's writability), so a slow
 * reader on either side holds at most a socket buffer and Netty's high-water mark in memory. When
 * one side closes, what it sent is written to the other, which is then closed; a client that only
 * half-closes (ends its output) has Tomcat's side half-closed the same way, and still reads the
 * answer. The client's address is registered with {@link RelayedPeers} before Tomcat receives a
 * byte, so Tomcat's decisions about "this machine" see the client, not the relay. Where Tomcat
 * cannot be reached the client gets a {@code 502}.
 */
final class TomcatRelay extends ChannelInboundHandlerAdapter {

  private static final Logger log = LoggerFactory.getLogger(TomcatRelay.class);
  private static final byte[] BAD_GATEWAY =
      "HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
          .getBytes(StandardCharsets.US_ASCII);

  private final InetSocketAddress tomcat;
  private final Class<? extends SocketChannel> type;
  private final RelayedPeers peers;
  private final ArrayDeque<Object> early = new ArrayDeque<>();
  private Channel backend;
  private boolean clientDoneSending;

  /**
   * @param tomcat Tomcat's loopback address
   * @param type the socket channel type of the client's event loop (epoll or NIO)
   */
  TomcatRelay(InetSocketAddress tomcat, Class<? extends SocketChannel> type, RelayedPeers peers) {
    this.tomcat = tomcat;
    this.type = type;
    this.peers = peers;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    Channel client = ctx.channel();
    readClient(client, false);
    // why: a client may end its request with a half-close and still read the answer, as it may
    // with Tomcat itself
    client.config().setOption(ChannelOption.ALLOW_HALF_CLOSURE, true);
    new Bootstrap()
        .group(client.eventLoop())
        .channel(type)
        .option(ChannelOption.TCP_NODELAY, true)
        .handler(new Back(client))
        .connect(tomcat)
        .addListener((ChannelFutureListener) connecting -> connected(ctx, connecting));
  }

  private void connected(ChannelHandlerContext ctx, ChannelFuture connecting) {
    Channel client = ctx.channel();
    if (!connecting.isSuccess()) {
      log.warn("Tomcat at {} cannot be reached: {}", tomcat, connecting.cause().toString());
      releaseEarly();
      client
          .writeAndFlush(Unpooled.wrappedBuffer(BAD_GATEWAY))
          .addListener(ChannelFutureListener.CLOSE);
      return;
    }
    Channel channel = connecting.channel();
    if (!client.isActive()) {
      releaseEarly();
      channel.close();
      return;
    }
    var registration =
        peers.register(
            ((InetSocketAddress) channel.localAddress()).getPort(),
            ((InetSocketAddress) client.remoteAddress()).getAddress().getHostAddress());
    channel.closeFuture().addListener(closed -> registration.close());
    backend = channel;
    while (!early.isEmpty()) {
      channel.write(early.poll());
    }
    channel.flush();
    if (clientDoneSending) {
      shutdownOutputAfterWrites(channel);
    }
    readClient(client, channel.isWritable());
    channel.config().setAutoRead(client.isWritable());
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object message) {
    if (backend == null) {
      early.add(message);
      return;
    }
    backend.write(message);
    if (!backend.isWritable()) {
      readClient(ctx.channel(), false);
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    if (backend != null) {
      backend.flush();
    }
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) {
    if (backend != null) {
      backend.config().setAutoRead(ctx.channel().isWritable());
    }
  }

  /** The client half-closed: Tomcat reads the end of its input after what was sent before it. */
  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
    if (event instanceof ChannelInputShutdownEvent) {
      clientDoneSending = true;
      if (backend != null) {
        shutdownOutputAfterWrites(backend);
      }
    }
    super.userEventTriggered(ctx, event);
  }

  private static void shutdownOutputAfterWrites(Channel channel) {
    channel
        .writeAndFlush(Unpooled.EMPTY_BUFFER)
        .addListener(written -> ((SocketChannel) channel).shutdownOutput());
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    releaseEarly();
    if (backend != null) {
      closeAfterWrites(backend);
    }
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    log.debug("Relayed connection {} failed: {}", ctx.channel(), cause.toString());
    ctx.close();
  }

  /** Reads from the client while {@code on}; a client that ended its input is left alone. */
  private static void readClient(Channel client, boolean on) {
    // why: there is nothing more to read, and Netty 4.2's epoll fails (epoll_ctl ENOENT) a change
    // of what a half-closed connection waits for once it waited for nothing, and closes it before
    // Tomcat's answers have left (see HotReadHandler.read)
    if (!((SocketChannel) client).isInputShutdown()) {
      client.config().setAutoRead(on);
    }
  }

  private void releaseEarly() {
    while (!early.isEmpty()) {
      ReferenceCountUtil.release(early.poll());
    }
  }

  /** Closes {@code channel} once what was written to it has left. */
  private static void closeAfterWrites(Channel channel) {
    if (channel.isActive()) {
      channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }
  }

  /** Tomcat's side: what Tomcat writes goes to the client. */
  private static final class Back extends ChannelInboundHandlerAdapter {

    private final Channel client;

    Back(Channel client) {
      this.client = client;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) {
      client.write(message);
      if (!client.isWritable()) {
        ctx.channel().config().setAutoRead(false);
      }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      client.flush();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
      readClient(client, ctx.channel().isWritable());
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      closeAfterWrites(client);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      log.debug("Relay to Tomcat {} failed: {}", ctx.channel(), cause.toString());
      ctx.close();
    }
  }
}
