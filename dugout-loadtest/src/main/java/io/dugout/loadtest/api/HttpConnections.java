package io.dugout.loadtest.api;

import io.dugout.loadtest.net.TcpClients;
import java.net.URI;
import java.time.Duration;
import java.util.List;

/**
 * Opens {@link HttpConnection}s to one deployment, spread over its nodes' base URLs when it has
 * several; they share a few I/O threads.
 */
public final class HttpConnections implements AutoCloseable {

  private final List<URI> bases;
  private final Duration timeout;
  private final TcpClients tcp;

  public HttpConnections(List<URI> bases, int ioThreads, Duration timeout) {
    if (bases.isEmpty()) {
      throw new IllegalArgumentException("no base URL");
    }
    this.bases = List.copyOf(bases);
    this.timeout = timeout;
    this.tcp = new TcpClients(ioThreads, timeout);
  }

  /** A connection to the first node. */
  public HttpConnection open() {
    return open(0);
  }

  /** A connection for client {@code client}: to node {@code client mod n} of the {@code n}. */
  public HttpConnection open(int client) {
    return new HttpConnection(
        tcp.bootstrap(), bases.get(Math.floorMod(client, bases.size())), timeout);
  }

  @Override
  public void close() {
    tcp.close();
  }
}
