package io.dugout.realtime;

import io.dugout.system.LeanDoors;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.websocketx.WebSocketDecoderConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.stereotype.Component;

/**
 * The Netty WebSocket listener ({@code dugout.realtime.netty.enabled}): the STOMP endpoint at
 * {@code /ws} on a port of its own, beside Tomcat's {@code /ws} on the HTTP port; both serve the
 * same sessions, subscriptions and guarantees. Event loops do the socket work, and handle a message
 * SEND only where nothing it does waits ({@code attempt-sends}); every other frame, and a SEND that
 * would wait, is handled on its connection's {@link SerialRunner}, and a connection's frames
 * written in one pass of its loop leave in one system call ({@link FlushConsolidationHandler}),
 * which is where the listener's gain over Tomcat comes from (ADR 11).
 *
 * <p>It keeps at most {@code dugout.realtime.netty.max-connections} connections open ({@link
 * ConnectionCap}); the open ones are the gauge {@code dugout.realtime.netty.connections}, the
 * refused ones the counter {@code dugout.realtime.netty.refused}.
 *
 * <p>It starts before {@link SessionKeeper} and stops after it, so its sessions are told why they
 * end at shutdown. The port it bound is published as {@code local.dugout.realtime.netty.port}.
 */
@Component
@ConditionalOnProperty(name = "dugout.realtime.netty.enabled", havingValue = "true")
class NettyListener implements SmartLifecycle {

  static final String PORT_PROPERTY = "local.dugout.realtime.netty.port";
  private static final Logger log = LoggerFactory.getLogger(NettyListener.class);

  /** Frames written while a loop handles reads wait for the read's end, at most this many. */
  private static final int FLUSHES_PER_WRITE = 256;

  private final StompEndpoint endpoint;
  private final RealtimeProperties properties;
  private final LeanDoors.Route handshakes;
  private final ConfigurableEnvironment environment;
  private final AtomicLong connections = new AtomicLong();
  private final ConnectionCap cap;
  private final boolean attempts;
  private EventLoopGroup loops;
  private Channel listening;

  NettyListener(
      StompEndpoint endpoint,
      RealtimeProperties properties,
      LeanDoors doors,
      ConfigurableEnvironment environment,
      MeterRegistry registry) {
    this.endpoint = endpoint;
    this.properties = properties;
    this.handshakes = doors.route("GET", HandshakeDoor.PATH);
    this.environment = environment;
    this.cap = new ConnectionCap(properties.netty().maxConnections());
    this.attempts = properties.netty().attemptSends() && endpoint.triesWithoutWaiting();
    Gauge.builder("dugout.realtime.netty.connections", cap, ConnectionCap::open)
        .description("connections open on the Netty listener")
        .register(registry);
    FunctionCounter.builder("dugout.realtime.netty.refused", cap, ConnectionCap::refused)
        .description("connections the Netty listener refused at its max-connections")
        .register(registry);
  }

  @Override
  public synchronized void start() {
    boolean epoll = Epoll.isAvailable();
    int threads = properties.netty().eventLoops(attempts);
    loops =
        new MultiThreadIoEventLoopGroup(
            threads,
            new DefaultThreadFactory("dugout-netty", true),
            epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
    Class<? extends ServerChannel> type =
        epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    listening =
        new ServerBootstrap()
            .group(loops)
            .channel(type)
            .option(ChannelOption.SO_BACKLOG, 1024)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childHandler(initializer())
            .bind(properties.netty().port())
            .syncUninterruptibly()
            .channel();
    int port = ((InetSocketAddress) listening.localAddress()).getPort();
    environment
        .getPropertySources()
        .addFirst(new MapPropertySource("dugout-netty", Map.of(PORT_PROPERTY, port)));
    log.info(
        "STOMP over WebSocket on Netty at port {} ({} event loops, {}; message SENDs {})",
        port,
        threads,
        epoll ? "epoll" : "NIO",
        attempts ? "tried on the loop" : "on virtual threads");
  }

  private ChannelInitializer<SocketChannel> initializer() {
    var protocol =
        WebSocketServerProtocolConfig.newBuilder()
            .websocketPath(HandshakeDoor.PATH)
            .subprotocols(String.join(",", endpoint.getSubProtocols()))
            .handleCloseFrames(false)
            .decoderConfig(
                WebSocketDecoderConfig.newBuilder()
                    // why: a larger STOMP frame must reach the decoder to get its ERROR; beyond
                    // twice the limit the WebSocket layer closes with 1009 before buffering it
                    .maxFramePayloadLength(2 * Math.max(properties.maxFrameBytes(), 32_768))
                    .allowExtensions(false)
                    .build())
            .build();
    return new ChannelInitializer<>() {
      @Override
      protected void initChannel(SocketChannel channel) {
        if (!cap.admit(channel)) {
          log.debug("Refusing {}: {} connections open", channel.remoteAddress(), cap.open());
          channel.close();
          return;
        }
        channel
            .pipeline()
            .addLast(
                new FlushConsolidationHandler(FLUSHES_PER_WRITE, true),
                new HttpServerCodec(),
                new HttpObjectAggregator(8_192),
                new WebSocketServerProtocolHandler(protocol),
                new NettyInbound(
                    endpoint,
                    properties.sendTimeLimit(),
                    handshakes,
                    attempts,
                    "n" + connections.incrementAndGet()));
      }
    };
  }

  @Override
  public synchronized void stop() {
    if (listening != null) {
      listening.close().syncUninterruptibly();
      // why: the keeper closed every session already; nothing is left to wait for quietly
      loops.shutdownGracefully(100, 5_000, TimeUnit.MILLISECONDS).syncUninterruptibly();
      listening = null;
    }
  }

  @Override
  public synchronized boolean isRunning() {
    return listening != null;
  }

  /** Starts before {@link SessionKeeper} and stops after it has closed every session. */
  @Override
  public int getPhase() {
    return Integer.MAX_VALUE - 1;
  }
}
