package io.dugout.loadtest.net;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
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

  /** Closes every connection and stops the I/O threads. */
  @Override
  public void close() {
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
  }
}
