package io.dugout.loadtest.floor;

import io.dugout.loadtest.net.TcpServer;
import io.netty.channel.ChannelHandler;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.websocketx.WebSocketDecoderConfig;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The STOMP floor: an in-memory STOMP 1.2 broker over WebSocket at {@code /ws} that does only what
 * the live scenarios need. CONNECT is answered with CONNECTED without looking at the token;
 * SUBSCRIBE is remembered; a SEND to {@code /app/rooms.<id>.messages} becomes one MESSAGE to every
 * subscriber of {@code /topic/rooms.<id>}, with the headers and the JSON body Dugout sends and a
 * per-room seq; a SEND to {@code .edit}, {@code .react} or {@code .unreact} becomes a change entry
 * with the next seq, as Dugout's but without its {@code target} (nothing is stored to take it
 * from); RECEIPT is sent when a frame asks for one; DISCONNECT closes. Nothing is stored, nothing
 * checked, no membership, no limits: single JVM only.
 *
 * <p>Order: MESSAGEs of one room reach every subscriber in seq order, and seqs of a room have no
 * gaps.
 */
public final class FloorStompBroker implements AutoCloseable {

  private static final int MAX_FRAME_BYTES = 1 << 20;

  private final Map<String, FloorTopic> topics = new ConcurrentHashMap<>();

  private final TcpServer server;

  /** Starts on a free loopback port. */
  public FloorStompBroker(int ioThreads) {
    WebSocketServerProtocolConfig config =
        WebSocketServerProtocolConfig.newBuilder()
            .websocketPath("/ws")
            .decoderConfig(
                WebSocketDecoderConfig.newBuilder()
                    .maxFramePayloadLength(MAX_FRAME_BYTES)
                    .withUTF8Validator(false)
                    .build())
            .build();
    this.server =
        new TcpServer(
            ioThreads,
            () ->
                new ChannelHandler[] {
                  new HttpServerCodec(),
                  new HttpObjectAggregator(65_536),
                  new WebSocketServerProtocolHandler(config),
                  new WebSocketFrameAggregator(MAX_FRAME_BYTES),
                  new FloorStompSession(this::topic)
                });
  }

  /** The base URL to give the scenario in place of the deployment's (STOMP at {@code /ws}). */
  public URI base() {
    return URI.create("http://127.0.0.1:" + server.port());
  }

  private FloorTopic topic(String destination) {
    return topics.computeIfAbsent(destination, FloorTopic::new);
  }

  @Override
  public void close() {
    server.close();
  }
}
