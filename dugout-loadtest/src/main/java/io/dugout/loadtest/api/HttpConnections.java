package io.dugout.loadtest.api;

import io.dugout.loadtest.net.TcpClients;
import java.net.URI;
import java.time.Duration;

/** Opens {@link HttpConnection}s to one deployment; they share a few I/O threads. */
public final class HttpConnections implements AutoCloseable {

  private final URI base;
  private final Duration timeout;
  private final TcpClients tcp;

  public HttpConnections(URI base, int ioThreads, Duration timeout) {
    this.base = base;
    this.timeout = timeout;
    this.tcp = new TcpClients(ioThreads, timeout);
  }

  public HttpConnection open() {
    return new HttpConnection(tcp.bootstrap(), base, timeout);
  }

  @Override
  public void close() {
    tcp.close();
  }
}
