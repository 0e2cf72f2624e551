package io.dugout.transport.netty;

import io.dugout.realtime.StompEndpoint;
import io.dugout.transport.ListenerMode;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.concurrent.TimeUnit;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.stereotype.Component;

/**
 * The Netty listener's event loops, on the {@link NettyTransport} {@code
 * dugout.realtime.netty.transport} names (by default epoll, or NIO where epoll is not available).
 * They start before the web server and stop after it, so a connection the listener relays to Tomcat
 * ({@link TomcatRelay}) is carried through Tomcat's graceful shutdown: Tomcat finishes the requests
 * in progress and closes its connections, and the relay closes the clients' with them.
 */
@Component
@Conditional(NettyLoops.Enabled.class)
public class NettyLoops implements SmartLifecycle {

  private final NettyTransport transport;
  private final boolean attempts;
  private final int threads;
  private EventLoopGroup group;

  NettyLoops(NettyProperties properties, StompEndpoint endpoint) {
    this.attempts = properties.attemptSends() && endpoint.triesWithoutWaiting();
    this.threads = properties.eventLoops(attempts);
    this.transport = NettyTransport.of(properties.transport());
  }

  @Override
  public synchronized void start() {
    group =
        new MultiThreadIoEventLoopGroup(
            threads, new DefaultThreadFactory("dugout-netty", true), transport.handlers());
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

  NettyTransport transport() {
    return transport;
  }

  Class<? extends ServerChannel> serverType() {
    return transport.serverType();
  }

  Class<? extends SocketChannel> clientType() {
    return transport.clientType();
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

  /** The listener runs in every {@link ListenerMode} but Tomcat alone. */
  static final class Enabled implements Condition {

    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
      return ListenerMode.of(context.getEnvironment()).netty();
    }
  }
}
