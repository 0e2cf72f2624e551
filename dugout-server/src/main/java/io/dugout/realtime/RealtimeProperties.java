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
 * @param maxOutboundBytes how many outbound bytes may wait for all clients of the node together;
 *     when they pass it, a client that holds more than 64 KiB of them is disconnected as slow (0:
 *     half of the direct memory the JVM allows, {@code -XX:MaxDirectMemorySize}, which defaults to
 *     the maximum heap)
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
 */
@ConfigurationProperties("dugout.realtime")
public record RealtimeProperties(
    @DefaultValue("10s") Duration heartbeat,
    @DefaultValue("65536") int maxFrameBytes,
    @DefaultValue("5000") int maxQueuedFrames,
    @DefaultValue("4194304") long maxQueuedBytes,
    @DefaultValue("0") long maxOutboundBytes,
    @DefaultValue("10s") Duration sendTimeLimit,
    @DefaultValue("10s") Duration connectTimeLimit,
    @DefaultValue("50") double messagesPerSecond,
    @DefaultValue("100") int messageBurst,
    @DefaultValue("1s") Duration typingInterval,
    @DefaultValue("30s") Duration membershipCheckInterval,
    @DefaultValue(RealtimeProperties.CONNECTION_BUFFER_BYTES) int connectionBufferBytes,
    @DefaultValue(RealtimeProperties.CONNECTION_WRITE_BUFFER_BYTES)
        int connectionWriteBufferBytes) {

  /** The default of {@code dugout.realtime.connection-buffer-bytes}. */
  public static final String CONNECTION_BUFFER_BYTES = "1024";

  /** The default of {@code dugout.realtime.connection-write-buffer-bytes}. */
  public static final String CONNECTION_WRITE_BUFFER_BYTES = "4096";

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
}
