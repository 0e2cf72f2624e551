package io.dugout.loadtest.stomp;

import io.dugout.loadtest.net.TcpClients;
import io.netty.channel.ChannelFuture;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Opens STOMP-over-WebSocket sessions to one endpoint, or spreads them over the endpoints of
 * several nodes of one deployment. All sessions share a few I/O threads, so thousands of
 * connections cost little more than their socket buffers.
 */
public final class StompClient implements LiveClient {

  private static final int MAX_FRAME_BYTES = 1 << 20;

  private final List<URI> endpoints;

  private final Duration timeout;

  private final TcpClients tcp;

  /**
   * @param endpoint the WebSocket URL, e.g. {@code ws://localhost:8080/ws}
   * @param ioThreads I/O threads shared by every session
   * @param timeout bound on the TCP connect and the WebSocket handshake
   */
  public StompClient(URI endpoint, int ioThreads, Duration timeout) {
    this(List.of(endpoint), ioThreads, timeout);
  }

  /**
   * @param endpoints the WebSocket URLs of the deployment's nodes, at least one
   * @param ioThreads I/O threads shared by every session
   * @param timeout bound on the TCP connect and the WebSocket handshake
   */
  public StompClient(List<URI> endpoints, int ioThreads, Duration timeout) {
    if (endpoints.isEmpty()) {
      throw new IllegalArgumentException("no endpoint");
    }
    for (URI endpoint : endpoints) {
      if (!"ws".equals(endpoint.getScheme())) {
        throw new IllegalArgumentException("only ws:// endpoints are supported, got " + endpoint);
      }
    }
    this.endpoints = List.copyOf(endpoints);
    this.timeout = timeout;
    this.tcp = new TcpClients(ioThreads, timeout);
  }

  /** Opens a session to the first endpoint; see {@link #connect(int, String, StompListener)}. */
  public CompletableFuture<StompSession> connect(String token, StompListener listener) {
    return connect(0, token, listener);
  }

  /**
   * Opens a WebSocket to the endpoint of {@code user}, user {@code i} of {@code n} endpoints going
   * to endpoint {@code i mod n}, sends CONNECT with the bearer token and completes on CONNECTED.
   */
  @Override
  public CompletableFuture<StompSession> connect(int user, String token, StompListener listener) {
    URI endpoint = endpointOf(user);
    CompletableFuture<StompSession> connected = new CompletableFuture<>();
    ChannelFuture opened =
        tcp.openWebSocket(
            endpoint,
            MAX_FRAME_BYTES,
            timeout,
            new StompHandler(endpoint.getHost(), token, listener, connected));
    opened.addListener(
        result -> {
          if (!result.isSuccess()) {
            Throwable cause = result.cause();
            connected.completeExceptionally(
                new StompException(
                    "cannot connect to " + endpoint + ": " + cause.getMessage(), cause));
          }
        });
    return connected;
  }

  /** The endpoint of user {@code user}: endpoint {@code user mod n} of the {@code n}. */
  public URI endpointOf(int user) {
    return endpoints.get(Math.floorMod(user, endpoints.size()));
  }

  @Override
  public String endpoint(int user) {
    return endpointOf(user).toString();
  }

  @Override
  public int endpointCount() {
    return endpoints.size();
  }

  public List<URI> endpoints() {
    return endpoints;
  }

  @Override
  public void close() {
    tcp.close();
  }
}
