package io.dugout.transport.netty;

import io.dugout.fastpath.FastPathMetrics;
import io.dugout.fastpath.HotReadMatcher;
import io.dugout.realtime.RealtimeProperties;
import io.dugout.realtime.StompEndpoint;
import io.dugout.transport.ListenerMode;
import io.dugout.transport.tomcat.RelayedPeers;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.websocketx.WebSocketDecoderConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import io.netty.handler.flush.FlushConsolidationHandler;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.stereotype.Component;

/**
 * The Netty WebSocket listener: the STOMP endpoint at {@code /ws}, in front of Tomcat on the HTTP
 * port (the default, {@code dugout.realtime.netty.front}), where it serves the connections that
 * open a WebSocket at {@code /ws} and the hot reads and relays the rest to Tomcat ({@link
 * FirstRequestRouter}, {@link HotReadHandler}, {@link TomcatRelay}); Tomcat then listens on a free
 * loopback port ({@link TomcatBehindFront}). Or on a port of its own beside Tomcat's {@code /ws} on
 * the HTTP port ({@code dugout.realtime.netty.enabled}). Both transports serve the same sessions,
 * subscriptions and guarantees. Event loops ({@link NettyLoops}) do the socket work, and handle a
 * message SEND only where nothing it does waits ({@code attempt-sends}); every other frame, and a
 * SEND that would wait, is handled on its connection's {@link SerialRunner}, and a connection's
 * frames written in one pass of its loop leave in one system call ({@link LoopFlush} for the
 * sessions' frames, {@link FlushConsolidationHandler} for what is answered during a read), which is
 * where the listener's gain over Tomcat comes from (ADR 11).
 *
 * <p>It keeps at most {@code dugout.realtime.netty.max-connections} connections open ({@link
 * ConnectionCap}), relayed ones included; the open ones are the gauge {@code
 * dugout.realtime.netty.connections}, the refused ones the counter {@code
 * dugout.realtime.netty.refused}, the relayed ones the counter {@code
 * dugout.realtime.netty.relayed}.
 *
 * <p>It starts after the web server (whose port it relays to) and before {@link SessionKeeper}, and
 * stops taking connections after the keeper has closed every session. The port it bound is
 * published as {@code local.dugout.realtime.netty.port}.
 */
@Component
@Conditional(NettyLoops.Enabled.class)
public class NettyListener implements SmartLifecycle {

  public static final String PORT_PROPERTY = "local.dugout.realtime.netty.port";
  private static final Logger log = LoggerFactory.getLogger(NettyListener.class);

  /**
   * Flushes while a loop handles a connection's read wait for the read's end, at most this many;
   * the sessions' frames, written from tasks of their own, are flushed by {@link LoopFlush}.
   */
  private static final int FLUSHES_PER_WRITE = 256;

  private final StompEndpoint endpoint;
  private final RealtimeProperties properties;
  private final NettyProperties netty;
  private final ListenerMode mode;
  private final FastPathMetrics.Route handshakes;
  private final ConfigurableEnvironment environment;
  private final NettyLoops loops;
  private final RelayedPeers peers;
  private final HotReadMatcher hotReads;
  private final AtomicLong connections = new AtomicLong();
  private final AtomicLong relayed = new AtomicLong();
  private final ConnectionCap cap;
  private Channel listening;

  NettyListener(
      StompEndpoint endpoint,
      RealtimeProperties properties,
      NettyProperties netty,
      FastPathMetrics metrics,
      ConfigurableEnvironment environment,
      MeterRegistry registry,
      NettyLoops loops,
      RelayedPeers peers,
      ObjectProvider<HotReadMatcher> hotReads) {
    this.endpoint = endpoint;
    this.properties = properties;
    this.netty = netty;
    this.mode = ListenerMode.of(environment);
    this.handshakes = metrics.route("GET", StompEndpoint.PATH);
    this.environment = environment;
    this.loops = loops;
    this.peers = peers;
    this.hotReads = hotReads.getIfAvailable();
    this.cap = new ConnectionCap(netty.maxConnections());
    Gauge.builder("dugout.realtime.netty.connections", cap, ConnectionCap::open)
        .description("connections open on the Netty listener")
        .register(registry);
    FunctionCounter.builder("dugout.realtime.netty.refused", cap, ConnectionCap::refused)
        .description("connections the Netty listener refused at its max-connections")
        .register(registry);
    FunctionCounter.builder("dugout.realtime.netty.relayed", relayed, AtomicLong::get)
        .description("connections the Netty listener in front relayed to Tomcat")
        .register(registry);
  }

  @Override
  public synchronized void start() {
    boolean front = mode == ListenerMode.FRONT;
    InetSocketAddress address;
    InetSocketAddress tomcat = null;
    if (front) {
      String host = environment.getProperty("server.address");
      int port = environment.getProperty("server.port", Integer.class, 8080);
      address = host == null ? new InetSocketAddress(port) : new InetSocketAddress(host, port);
      tomcat =
          new InetSocketAddress(
              InetAddress.getLoopbackAddress(),
              environment.getRequiredProperty("local.server.port", Integer.class));
    } else {
      address = new InetSocketAddress(netty.port());
    }
    listening =
        new ServerBootstrap()
            .group(loops.group())
            .channel(loops.serverType())
            .option(ChannelOption.SO_BACKLOG, 1024)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childHandler(initializer(tomcat))
            .bind(address)
            .syncUninterruptibly()
            .channel();
    int port = ((InetSocketAddress) listening.localAddress()).getPort();
    environment
        .getPropertySources()
        .addFirst(new MapPropertySource("dugout-netty", Map.of(PORT_PROPERTY, port)));
    log.info(
        "STOMP over WebSocket on Netty at port {}{} ({} event loops, {}; message SENDs {})",
        port,
        front ? ", in front of Tomcat at " + tomcat : "",
        loops.threads(),
        loops.transport().label(),
        loops.attempts() ? "tried on the loop" : "on virtual threads");
  }

  /** The pipeline of an accepted connection; {@code tomcat} is null unless in front. */
  private ChannelInitializer<SocketChannel> initializer(InetSocketAddress tomcat) {
    var protocol =
        WebSocketServerProtocolConfig.newBuilder()
            .websocketPath(StompEndpoint.PATH)
            // why: in front, FirstRequestRouter passes only a head whose path is exactly /ws, with
            // or
            // without a query, and Tomcat's /ws takes a query (Netty's exact match would not); on
            // a port of its own every path arrives, and only /ws itself is the endpoint
            .checkStartsWith(tomcat != null)
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
    // why: a connection that never sends its first request waits as long as Tomcat would let it
    long idleNanos =
        environment
            .getProperty("server.tomcat.connection-timeout", Duration.class, Duration.ofSeconds(60))
            .toNanos();
    return new ChannelInitializer<>() {
      @Override
      protected void initChannel(SocketChannel channel) {
        if (!cap.admit(channel)) {
          log.debug("Refusing {}: {} connections open", channel.remoteAddress(), cap.open());
          channel.close();
          return;
        }
        var pipeline = channel.pipeline();
        if (tomcat != null) {
          pipeline.addLast(new FirstRequestRouter(notWebSocket(tomcat, idleNanos), idleNanos));
        }
        pipeline.addLast(
            new FlushConsolidationHandler(FLUSHES_PER_WRITE, false),
            new HttpServerCodec(),
            new HttpObjectAggregator(8_192),
            new WebSocketServerProtocolHandler(protocol),
            new NettyInbound(
                endpoint,
                properties.sendTimeLimit(),
                handshakes,
                loops.attempts(),
                "n" + connections.incrementAndGet()));
      }
    };
  }

  /**
   * What takes a connection in front that is not a WebSocket's: the hot reads answered here ({@link
   * HotReadHandler}) until the first other request, then Tomcat; Tomcat from the start without the
   * fast path ({@code dugout.http.lean-reads=false}).
   */
  private Supplier<ChannelHandler> notWebSocket(InetSocketAddress tomcat, long idleNanos) {
    Supplier<ChannelHandler> relay =
        () -> {
          relayed.incrementAndGet();
          return new TomcatRelay(tomcat, loops.clientType(), peers);
        };
    if (hotReads == null) {
      return relay;
    }
    ThreadFactory threads = Thread.ofVirtual().name("dugout-hot-read").factory();
    Executor answering = task -> threads.newThread(task).start();
    boolean accessLog = environment.getProperty("dugout.log.access", Boolean.class, false);
    return () -> new HotReadHandler(hotReads, relay, answering, accessLog, idleNanos);
  }

  @Override
  public synchronized void stop() {
    if (listening != null) {
      listening.close().syncUninterruptibly();
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
