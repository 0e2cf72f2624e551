package io.dugout.realtime;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Real-time settings ({@code dugout.realtime.*}).
 *
 * @param heartbeat the heart-beat interval the server offers and wants (both directions)
 * @param maxFrameBytes the largest inbound STOMP frame; larger ones are a protocol error
 * @param maxQueuedFrames how many outbound frames may wait for one slow client before it is
 *     disconnected
 * @param maxQueuedBytes how many outbound bytes may wait for one slow client
 * @param sendTimeLimit how long one write to a client may block before it is disconnected
 * @param connectTimeLimit how long a WebSocket may stay open without a STOMP CONNECT frame before
 *     it is closed (4001), checked once a second
 * @param messagesPerSecond each user's sustained message rate (STOMP SEND of messages)
 * @param messageBurst how many messages a user may send at once above the sustained rate
 * @param typingInterval the shortest time between two typing events of a user in a room
 * @param membershipCheckInterval cluster mode: how often each node checks its live room
 *     subscriptions against the store and ends those of users who are no longer members (a removal
 *     reaches other nodes over Redis Pub/Sub, which may lose it)
 * @param connectionBufferBytes the size of each of the buffers every WebSocket connection keeps for
 *     its life (Tomcat's socket read buffer, its WebSocket frame, message and encoding buffers):
 *     what an idle connection costs is mostly these. Larger frames take several passes in and go
 *     out as several WebSocket fragments. Tomcat reads it once per JVM, at start.
 * @param connectionWriteBufferBytes the size of Tomcat's socket write buffer, which every
 *     connection also keeps for its life: HTTP responses leave in pieces of this size, one system
 *     call each (WebSocket frames are written from their own buffers, not through it). 1 KiB cut a
 *     history page of 11 KB into a dozen writes and cost a fifth of the page's rate; 4 KiB costs an
 *     idle connection 3 KB more than 1 KiB would.
 * @param netty the WebSocket listener on Netty, beside {@code /ws} on the HTTP port or in front of
 *     it
 */
@ConfigurationProperties("dugout.realtime")
public record RealtimeProperties(
    @DefaultValue("10s") Duration heartbeat,
    @DefaultValue("65536") int maxFrameBytes,
    @DefaultValue("5000") int maxQueuedFrames,
    @DefaultValue("4194304") long maxQueuedBytes,
    @DefaultValue("10s") Duration sendTimeLimit,
    @DefaultValue("10s") Duration connectTimeLimit,
    @DefaultValue("50") double messagesPerSecond,
    @DefaultValue("100") int messageBurst,
    @DefaultValue("1s") Duration typingInterval,
    @DefaultValue("30s") Duration membershipCheckInterval,
    @DefaultValue(RealtimeProperties.CONNECTION_BUFFER_BYTES) int connectionBufferBytes,
    @DefaultValue(RealtimeProperties.CONNECTION_WRITE_BUFFER_BYTES) int connectionWriteBufferBytes,
    @DefaultValue Netty netty) {

  /** The default of {@code dugout.realtime.connection-buffer-bytes}. */
  static final String CONNECTION_BUFFER_BYTES = "1024";

  /** The default of {@code dugout.realtime.connection-write-buffer-bytes}. */
  static final String CONNECTION_WRITE_BUFFER_BYTES = "4096";

  /**
   * The smallest size allowed: room for any frame header and a typical STOMP command in one pass.
   */
  static final int MIN_CONNECTION_BUFFER_BYTES = 256;

  public RealtimeProperties {
    if (!connectTimeLimit.isPositive()) {
      throw new IllegalArgumentException(
          "dugout.realtime.connect-time-limit must be positive: " + connectTimeLimit);
    }
    requireBufferSize("connection-buffer-bytes", connectionBufferBytes);
    requireBufferSize("connection-write-buffer-bytes", connectionWriteBufferBytes);
  }

  private static void requireBufferSize(String name, int bytes) {
    if (bytes < MIN_CONNECTION_BUFFER_BYTES) {
      throw new IllegalArgumentException(
          "dugout.realtime."
              + name
              + " must be at least "
              + MIN_CONNECTION_BUFFER_BYTES
              + ", was "
              + bytes);
    }
  }

  /**
   * The Netty WebSocket listener ({@code dugout.realtime.netty.*}): the same STOMP endpoint at
   * {@code /ws}, served by event loops instead of Tomcat's connector (ADR 11), in front of Tomcat
   * on the HTTP port unless told otherwise ({@link #inFront}), or on a port of its own.
   *
   * @param enabled whether it listens on a port of its own, beside Tomcat's {@code /ws} on the HTTP
   *     port; when set and {@code front} is not, it means "not in front"
   * @param port its port (0: any free one, published as {@code local.dugout.realtime.netty.port})
   * @param threads its event loops (0: one per available processor where message SENDs are handled
   *     on the loops, see {@code attemptSends}; one per two processors, at least one, where every
   *     frame is handled on a virtual thread, whose carriers take one processor each, so that more
   *     loops only make threads contend for the cores: on 2 cores two loops then carried fewer
   *     sends, with a longer tail, than one)
   * @param maxConnections the connections it keeps open at once, as Tomcat's {@code
   *     server.tomcat.max-connections} for its port; one more is closed as soon as it is accepted
   * @param attemptSends whether a message SEND is tried on the event loop that read it, where
   *     everything it does refuses before it would wait, and handed to the connection's virtual
   *     thread only when it would (a busy room lane, a read from disk, a stalled write); only where
   *     the whole send path is written for it: embedded storage without fsync
   * @param front whether the listener takes the HTTP port instead of a port of its own ({@code
   *     server.address} and {@code server.port}, so {@code port} is not used): it serves every
   *     connection that opens with {@code GET /ws} and the hot reads itself and relays the rest to
   *     Tomcat, which then listens on a free loopback port ({@link FrontDoor}); turns the listener
   *     on by itself. Unset, it follows from {@code enabled}, see {@link #inFront}; {@code false}
   *     with {@code enabled} unset leaves Tomcat alone on the HTTP port, without the listener
   * @param transport the kernel interface of its event loops ({@link NettyTransport}): {@code
   *     auto}, epoll or else NIO, or {@code epoll}, {@code io-uring} or {@code nio} by name, which
   *     must then be available
   */
  public record Netty(
      @DefaultValue("false") boolean enabled,
      @DefaultValue("8081") int port,
      @DefaultValue("0") int threads,
      @DefaultValue("50000") int maxConnections,
      @DefaultValue("true") boolean attemptSends,
      Boolean front,
      @DefaultValue("auto") Transport transport) {

    public Netty {
      if (port < 0 || port > 65_535) {
        throw new IllegalArgumentException(
            "dugout.realtime.netty.port must be 0-65535, was " + port);
      }
      if (threads < 0) {
        throw new IllegalArgumentException(
            "dugout.realtime.netty.threads must be 0 or more, was " + threads);
      }
      if (maxConnections < 1) {
        throw new IllegalArgumentException(
            "dugout.realtime.netty.max-connections must be at least 1, was " + maxConnections);
      }
    }

    /** The values of {@code dugout.realtime.netty.transport}. */
    public enum Transport {
      AUTO,
      IO_URING,
      EPOLL,
      NIO
    }

    /**
     * Whether the listener is in front of Tomcat: as {@code front} says where it is set; else
     * unless the listener was asked for a port of its own ({@code enabled}). So the default is the
     * listener in front, and a configuration that names only {@code enabled=true} keeps its port.
     */
    public boolean inFront() {
      return inFront(front, enabled);
    }

    static boolean inFront(Boolean front, boolean enabled) {
      return front != null ? front : !enabled;
    }

    /**
     * The event loops to run: {@code threads}; else one per available processor where message SENDs
     * are handled on the loops ({@code attempts}), one per two processors where they go to virtual
     * threads.
     */
    int eventLoops(boolean attempts) {
      int processors = Runtime.getRuntime().availableProcessors();
      return threads > 0 ? threads : attempts ? processors : Math.max(1, processors / 2);
    }
  }
}
