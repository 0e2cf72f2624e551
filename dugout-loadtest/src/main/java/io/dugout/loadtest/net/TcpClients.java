package io.dugout.loadtest.net;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketVersion;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A few I/O threads and a bootstrap for many client connections. Uses epoll where it is available:
 * edge-triggered, fewer syscalls and copies, which keeps the generator's CPU per delivery low.
 */
public final class TcpClients implements AutoCloseable {

  private final EventLoopGroup group;
  private final Bootstrap bootstrap;

  /**
   * @param ioThreads event-loop threads shared by every connection
   * @param timeout bound on each TCP connect
   */
  public TcpClients(int ioThreads, Duration timeout) {
    boolean epoll = Epoll.isAvailable();
    this.group =
        new MultiThreadIoEventLoopGroup(
            ioThreads, epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
    this.bootstrap =
        new Bootstrap()
            .group(group)
            .channel(epoll ? EpollSocketChannel.class : NioSocketChannel.class)
            .option(ChannelOption.TCP_NODELAY, true)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) timeout.toMillis());
  }

  /** The shared bootstrap; callers {@code clone()} it to set their own handler. */
  public Bootstrap bootstrap() {
    return bootstrap;
  }

  /**
   * Opens a WebSocket client connection to {@code endpoint} (a {@code ws://} URL): HTTP upgrade
   * with a handshake bounded by {@code handshakeTimeout}, messages of up to {@code maxFrameBytes}
   * aggregated from their frames, then {@code handler}, which sees the handshake's events and every
   * data frame. The future is the TCP connect's.
   */
  public ChannelFuture openWebSocket(
      URI endpoint, int maxFrameBytes, Duration handshakeTimeout, ChannelHandler handler) {
    WebSocketClientProtocolConfig config =
        WebSocketClientProtocolConfig.newBuilder()
            .webSocketUri(endpoint)
            .version(WebSocketVersion.V13)
            .customHeaders(EmptyHttpHeaders.INSTANCE)
            .maxFramePayloadLength(maxFrameBytes)
            .handshakeTimeoutMillis(handshakeTimeout.toMillis())
            .withUTF8Validator(false)
            .build();
    return bootstrap
        .clone()
        .handler(
            new ChannelInitializer<SocketChannel>() {
              @Override
              protected void initChannel(SocketChannel channel) {
                channel
                    .pipeline()
                    .addLast(
                        new HttpClientCodec(),
                        new HttpObjectAggregator(65_536),
                        new WebSocketClientProtocolHandler(config),
                        new WebSocketFrameAggregator(maxFrameBytes),
                        handler);
              }
            })
        .connect(endpoint.getHost(), endpoint.getPort() > 0 ? endpoint.getPort() : 80);
  }

  /** Closes every connection and stops the I/O threads. */
  @Override
  public void close() {
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
  }
}
