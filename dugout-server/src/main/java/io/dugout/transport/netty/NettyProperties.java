package io.dugout.transport.netty;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The Netty listener's settings ({@code dugout.realtime.netty.*}); whether it runs, and on which
 * port, is {@link io.dugout.transport.ListenerMode}'s.
 *
 * @param port its own port in {@code separate} mode (0: any free one, published as {@code
 *     local.dugout.realtime.netty.port}); in {@code front} mode it takes the HTTP port instead
 * @param threads its event loops (0: one per available processor where message SENDs are handled on
 *     the loops, see {@code attemptSends}; one per two processors, at least one, where every frame
 *     is handled on a virtual thread, whose carriers take one processor each, so that more loops
 *     only make threads contend for the cores)
 * @param maxConnections the connections it keeps open at once, as Tomcat's {@code
 *     server.tomcat.max-connections} for its port; one more is closed as soon as it is accepted
 * @param attemptSends whether a message SEND is tried on the event loop that read it, where
 *     everything it does refuses before it would wait, and handed to the connection's virtual
 *     thread only when it would (a busy room lane, a read from disk, a stalled write); only where
 *     the whole send path is written for it: embedded storage without fsync
 * @param transport the kernel interface of its event loops ({@link NettyTransport}): {@code auto},
 *     epoll or else NIO, or {@code epoll}, {@code io-uring} or {@code nio} by name, which must then
 *     be available
 */
@ConfigurationProperties("dugout.realtime.netty")
public record NettyProperties(
    @DefaultValue("8081") int port,
    @DefaultValue("0") int threads,
    @DefaultValue("50000") int maxConnections,
    @DefaultValue("true") boolean attemptSends,
    @DefaultValue("auto") Transport transport) {

  public NettyProperties {
    if (port < 0 || port > 65_535) {
      throw new IllegalArgumentException("dugout.realtime.netty.port must be 0-65535, was " + port);
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
   * The event loops to run: {@code threads}; else one per available processor where message SENDs
   * are handled on the loops ({@code attempts}), one per two processors where they go to virtual
   * threads.
   */
  int eventLoops(boolean attempts) {
    int processors = Runtime.getRuntime().availableProcessors();
    return threads > 0 ? threads : attempts ? processors : Math.max(1, processors / 2);
  }
}
