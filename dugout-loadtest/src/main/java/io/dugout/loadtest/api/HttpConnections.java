package io.dugout.loadtest.api;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** Opens {@link HttpConnection}s to one deployment; they share a few I/O threads. */
public final class HttpConnections implements AutoCloseable {

  private final URI base;
  private final Duration timeout;
  private final EventLoopGroup group;
  private final Bootstrap bootstrap;

  public HttpConnections(URI base, int ioThreads, Duration timeout) {
    this.base = base;
    this.timeout = timeout;
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

  public HttpConnection open() {
    return new HttpConnection(bootstrap, base, timeout);
  }

  @Override
  public void close() {
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
  }
}
