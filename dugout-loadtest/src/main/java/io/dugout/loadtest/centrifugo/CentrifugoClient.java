package io.dugout.loadtest.centrifugo;

import io.dugout.loadtest.net.TcpClients;
import io.dugout.loadtest.stomp.LiveClient;
import io.dugout.loadtest.stomp.StompListener;
import io.netty.channel.ChannelFuture;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * Opens Centrifugo sessions (JSON protocol) to one WebSocket endpoint, e.g. {@code
 * ws://localhost:8000/connection/websocket}, on a few shared I/O threads, as {@link
 * io.dugout.loadtest.stomp.StompClient} does for STOMP.
 */
public final class CentrifugoClient implements LiveClient {

  private static final int MAX_FRAME_BYTES = 1 << 20;

  private final URI endpoint;

  private final Duration timeout;

  private final TcpClients tcp;

  public CentrifugoClient(URI endpoint, int ioThreads, Duration timeout) {
    if (!"ws".equals(endpoint.getScheme())) {
      throw new IllegalArgumentException("only ws:// endpoints are supported, got " + endpoint);
    }
    this.endpoint = endpoint;
    this.timeout = timeout;
    this.tcp = new TcpClients(ioThreads, timeout);
  }

  /**
   * Opens a WebSocket, sends the {@code connect} command with {@code token} and completes on its
   * reply.
   */
  @Override
  public CompletableFuture<CentrifugoSession> connect(
      int user, String token, StompListener listener) {
    CompletableFuture<CentrifugoSession> connected = new CompletableFuture<>();
    ChannelFuture opened =
        tcp.openWebSocket(
            endpoint, MAX_FRAME_BYTES, timeout, new CentrifugoHandler(token, listener, connected));
    opened.addListener(
        result -> {
          if (!result.isSuccess()) {
            connected.completeExceptionally(
                new CentrifugoException(
                    "cannot connect to " + endpoint + ": " + result.cause().getMessage(),
                    result.cause()));
          }
        });
    return connected;
  }

  @Override
  public String endpoint(int user) {
    return endpoint.toString();
  }

  @Override
  public int endpointCount() {
    return 1;
  }

  @Override
  public void close() {
    tcp.close();
  }
}
