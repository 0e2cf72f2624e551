package io.dugout.loadtest.scenario;

import io.dugout.loadtest.api.DugoutApi;
import io.dugout.loadtest.api.HttpConnections;
import io.dugout.loadtest.api.TokenSource;
import io.dugout.loadtest.centrifugo.CentrifugoClient;
import io.dugout.loadtest.cli.Options;
import io.dugout.loadtest.report.Metrics;
import io.dugout.loadtest.stomp.LiveClient;
import io.dugout.loadtest.stomp.StompClient;
import java.net.URI;
import java.time.Duration;
import java.util.List;

/**
 * What a scenario runs with: its options, the target's REST API, tokens, metrics, the STOMP client.
 */
public final class RunContext implements AutoCloseable {

  private final Options options;

  private final List<URI> nodes;

  private final DugoutApi api;

  private final TokenSource tokens;

  private final Metrics metrics;

  private final RunContext parent;

  /** What this context's phases are called in the parent's: {@code floor} or a peer's name. */
  private final String label;

  /** The peer's client when this context runs against a peer instead of Dugout, else null. */
  private final LiveClient peer;

  private StompClient stomp;

  private volatile String phase = "setup";

  private volatile Metrics shown;

  /**
   * @param nodes the base URLs of the deployment's nodes; users and clients are spread over them
   * @param api the REST API of the first node, for setup
   */
  public RunContext(
      Options options, List<URI> nodes, DugoutApi api, TokenSource tokens, Metrics metrics) {
    this(options, nodes, api, tokens, metrics, null, null, null);
  }

  private RunContext(
      Options options,
      List<URI> nodes,
      DugoutApi api,
      TokenSource tokens,
      Metrics metrics,
      RunContext parent,
      String label,
      LiveClient peer) {
    this.options = options;
    this.nodes = List.copyOf(nodes);
    this.api = api;
    this.tokens = tokens;
    this.metrics = metrics;
    this.parent = parent;
    this.label = label;
    this.peer = peer;
    this.shown = metrics;
  }

  /**
   * A context for running the same load against the floor at {@code floorBase}: the same options,
   * tokens and setup API (setup stays on Dugout), its own metrics. From now on the progress line
   * shows the floor's metrics and phases.
   */
  RunContext floor(URI floorBase) {
    RunContext floor =
        new RunContext(
            options, List.of(floorBase), api, tokens, new Metrics(), this, "floor", null);
    shown = floor.metrics;
    return floor;
  }

  /**
   * A context for warming the generator up against the floor at {@code floorBase} before the run
   * against Dugout: the same options and tokens, metrics of its own that no report shows. The
   * progress line shows its phases and metrics until it is closed.
   */
  RunContext generatorWarmUp(URI floorBase) {
    RunContext warmUp =
        new RunContext(
            options,
            List.of(floorBase),
            api,
            tokens,
            new Metrics(),
            this,
            "generator-warm-up",
            null);
    shown = warmUp.metrics;
    return warmUp;
  }

  /**
   * A context for running the same live load against a Centrifugo server at {@code endpoint} (its
   * WebSocket URL): the same options and tokens, its own metrics; from now on the progress line
   * shows them.
   */
  RunContext centrifugo(URI endpoint) {
    RunContext centrifugo =
        new RunContext(
            options,
            nodes,
            api,
            tokens,
            new Metrics(),
            this,
            "centrifugo",
            new CentrifugoClient(endpoint, ioThreads(), timeout()));
    shown = centrifugo.metrics;
    return centrifugo;
  }

  public Options options() {
    return options;
  }

  /** The REST API of the first node, for setup. */
  public DugoutApi api() {
    return api;
  }

  /** The base URLs of the deployment's nodes, in the order given; at least one. */
  public List<URI> nodes() {
    return nodes;
  }

  /** Connections for HTTP clients, client {@code i} to node {@code i mod n}. */
  public HttpConnections http() {
    return new HttpConnections(nodes, ioThreads(), timeout());
  }

  /** I/O threads of each client (and of each floor server): {@code --io-threads}, or one a core. */
  public int ioThreads() {
    int ioThreads = options.integer("io-threads");
    return ioThreads > 0 ? ioThreads : Runtime.getRuntime().availableProcessors();
  }

  public TokenSource tokens() {
    return tokens;
  }

  public Metrics metrics() {
    return metrics;
  }

  /** The metrics the progress line shows: this run's, or its floor run's once that started. */
  public Metrics shownMetrics() {
    return shown;
  }

  public Duration timeout() {
    return options.duration("timeout");
  }

  /**
   * The STOMP client for {@code ws://host:port/ws} of every node, created on first use; user {@code
   * i} connects to node {@code i mod n}.
   */
  public synchronized StompClient stomp() {
    if (stomp == null) {
      stomp =
          new StompClient(
              nodes.stream().map(node -> webSocketOf(node, options.integer("ws-port"))).toList(),
              ioThreads(),
              timeout());
    }
    return stomp;
  }

  /** The client of the live scenarios' sessions: the peer's, or Dugout's STOMP client. */
  public LiveClient live() {
    return peer != null ? peer : stomp();
  }

  /** The STOMP endpoint of a node: {@code /ws} at its own port, or at {@code wsPort} when set. */
  static URI webSocketOf(URI base, int wsPort) {
    int port = wsPort > 0 ? wsPort : base.getPort() > 0 ? base.getPort() : 80;
    return URI.create(
        ("https".equals(base.getScheme()) ? "wss" : "ws")
            + "://"
            + base.getHost()
            + ":"
            + port
            + "/ws");
  }

  public String phase() {
    return phase;
  }

  public void phase(String phase) {
    if (parent != null) {
      parent.phase(label + "-" + phase);
    } else {
      this.phase = phase;
    }
  }

  @Override
  public synchronized void close() {
    if (parent != null && "generator-warm-up".equals(label)) {
      parent.shown = parent.metrics;
    }
    if (stomp != null) {
      stomp.close();
    }
    if (peer != null) {
      peer.close();
    }
  }
}
