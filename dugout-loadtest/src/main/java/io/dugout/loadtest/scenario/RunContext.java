package io.dugout.loadtest.scenario;

import io.dugout.loadtest.api.DugoutApi;
import io.dugout.loadtest.api.TokenSource;
import io.dugout.loadtest.cli.Options;
import io.dugout.loadtest.report.Metrics;
import io.dugout.loadtest.stomp.StompClient;
import java.net.URI;
import java.time.Duration;

/**
 * What a scenario runs with: its options, the target's REST API, tokens, metrics, the STOMP client.
 */
public final class RunContext implements AutoCloseable {

  private final Options options;

  private final DugoutApi api;

  private final TokenSource tokens;

  private final Metrics metrics;

  private StompClient stomp;

  private volatile String phase = "setup";

  public RunContext(Options options, DugoutApi api, TokenSource tokens, Metrics metrics) {
    this.options = options;
    this.api = api;
    this.tokens = tokens;
    this.metrics = metrics;
  }

  public Options options() {
    return options;
  }

  public DugoutApi api() {
    return api;
  }

  public TokenSource tokens() {
    return tokens;
  }

  public Metrics metrics() {
    return metrics;
  }

  public Duration timeout() {
    return options.duration("timeout");
  }

  /** The STOMP client for {@code ws://host:port/ws} of the target, created on first use. */
  public synchronized StompClient stomp() {
    if (stomp == null) {
      URI base = api.base();
      URI ws =
          URI.create(
              ("https".equals(base.getScheme()) ? "wss" : "ws")
                  + "://"
                  + base.getHost()
                  + ":"
                  + (base.getPort() > 0 ? base.getPort() : 80)
                  + "/ws");
      int ioThreads = options.integer("io-threads");
      stomp =
          new StompClient(
              ws,
              ioThreads > 0 ? ioThreads : Runtime.getRuntime().availableProcessors(),
              timeout());
    }
    return stomp;
  }

  public String phase() {
    return phase;
  }

  public void phase(String phase) {
    this.phase = phase;
  }

  @Override
  public synchronized void close() {
    if (stomp != null) {
      stomp.close();
    }
  }
}
