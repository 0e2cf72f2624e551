package io.dugout.loadtest.net;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A listening socket on a free loopback port with a few I/O threads of its own, epoll where it is
 * available (as {@link TcpClients}): the transport of the floor servers.
 */
public final class TcpServer implements AutoCloseable {

  private final EventLoopGroup group;

  private final Channel listening;

  /**
   * Binds {@code 127.0.0.1} on a free port; each accepted connection's pipeline gets a fresh set of
   * {@code handlers}.
   */
  public TcpServer(int ioThreads, Supplier<ChannelHandler[]> handlers) {
    boolean epoll = Epoll.isAvailable();
    this.group =
        new MultiThreadIoEventLoopGroup(
            ioThreads, epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
    try {
      this.listening =
          new ServerBootstrap()
              .group(group)
              .channel(epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class)
              .option(ChannelOption.SO_BACKLOG, 4096)
              .childOption(ChannelOption.TCP_NODELAY, true)
              .childHandler(
                  new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                      channel.pipeline().addLast(handlers.get());
                    }
                  })
              .bind("127.0.0.1", 0)
              .syncUninterruptibly()
              .channel();
    } catch (RuntimeException ex) {
      group.shutdownGracefully(0, 0, TimeUnit.SECONDS);
      throw ex;
    }
  }

  public int port() {
    return ((InetSocketAddress) listening.localAddress()).getPort();
  }

  /** Stops listening, closes every connection and stops the I/O threads. */
  @Override
  public void close() {
    listening.close().syncUninterruptibly();
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
  }
}
