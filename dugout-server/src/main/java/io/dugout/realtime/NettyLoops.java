package io.dugout.realtime;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The Netty listener's event loops (epoll where the platform has it, else NIO). They start before
 * the web server and stop after it, so a connection the listener relays to Tomcat ({@link
 * TomcatRelay}) is carried through Tomcat's graceful shutdown: Tomcat finishes the requests in
 * progress and closes its connections, and the relay closes the clients' with them.
 */
@Component
@ConditionalOnExpression(NettyLoops.ENABLED)
class NettyLoops implements SmartLifecycle {

  /**
   * Whether the listener runs: on a port of its own, or in front of Tomcat, which it is unless
   * {@code dugout.realtime.netty.front=false}.
   */
  static final String ENABLED =
      "${dugout.realtime.netty.enabled:false} or ${dugout.realtime.netty.front:true}";

  private final boolean epoll = Epoll.isAvailable();
  private final boolean attempts;
  private final int threads;
  private EventLoopGroup group;

  NettyLoops(RealtimeProperties properties, StompEndpoint endpoint) {
    this.attempts = properties.netty().attemptSends() && endpoint.triesWithoutWaiting();
    this.threads = properties.netty().eventLoops(attempts);
  }

  @Override
  public synchronized void start() {
    group =
        new MultiThreadIoEventLoopGroup(
            threads,
            new DefaultThreadFactory("dugout-netty", true),
            epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
  }

  synchronized EventLoopGroup group() {
    return group;
  }

  /** Whether message SENDs are tried on the loops ({@code dugout.realtime.netty.attempt-sends}). */
  boolean attempts() {
    return attempts;
  }

  int threads() {
    return threads;
  }

  boolean epoll() {
    return epoll;
  }

  Class<? extends ServerChannel> serverType() {
    return epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
  }

  Class<? extends SocketChannel> clientType() {
    return epoll ? EpollSocketChannel.class : NioSocketChannel.class;
  }

  @Override
  public synchronized void stop() {
    if (group != null) {
      // why: the keeper closed every session and Tomcat every relayed connection already
      group.shutdownGracefully(100, 5_000, TimeUnit.MILLISECONDS).syncUninterruptibly();
      group = null;
    }
  }

  @Override
  public synchronized boolean isRunning() {
    return group != null;
  }

  /**
   * Before the web server starts (its phase is {@code Integer.MAX_VALUE - 2048}), after it stops.
   */
  @Override
  public int getPhase() {
    return Integer.MAX_VALUE - 4096;
  }
}
