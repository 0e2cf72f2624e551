package io.dugout.realtime;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/**
 * The real-time meters ({@code dugout.realtime.*}), registered once at startup so that recording on
 * the delivery path is an increment on a cached meter: no lookup, no tag allocation. Tags are
 * low-cardinality by construction (reasons and error codes, never a room or a user).
 */
@Component
public class RealtimeMetrics {

  /** Why a CONNECT was refused; a closed set, so every series exists from the start. */
  enum ConnectFailure {
    INVALID_TOKEN,
    UNSUPPORTED_VERSION,
    INVALID_HEART_BEAT,
    ALREADY_CONNECTED,
    BANNED,
    SHUTTING_DOWN;

    String tag() {
      return name().toLowerCase();
    }
  }

  private final MeterRegistry registry;
  private final AtomicLong slowConsumers = new AtomicLong();
  private final Counter connects;
  private final Map<ConnectFailure, Counter> connectFailures = new ConcurrentHashMap<>();
  private final Map<String, Counter> errors = new ConcurrentHashMap<>();
  private final Map<DisconnectReason, Counter> disconnects = new ConcurrentHashMap<>();
  private final Counter rateLimited;
  private final Counter attemptsHandled;
  private final Counter attemptsRefused;
  private final DistributionSummary queueDepth;
  private final Timer subscribeLive;
  private final Timer subscribeReplay;
  private final DeliveryMeter deliveries;

  RealtimeMetrics(MeterRegistry registry, Subscriptions subscriptions) {
    this.registry = registry;
    Gauge.builder("dugout.realtime.sessions", subscriptions, s -> s.sessions().size())
        .description("open WebSocket sessions on this node (CONNECTed or not yet)")
        .register(registry);
    Gauge.builder("dugout.realtime.subscriptions", subscriptions, Subscriptions::count)
        .description("active STOMP subscriptions on this node")
        .register(registry);
    FunctionCounter.builder("dugout.realtime.slow.consumers", slowConsumers, AtomicLong::get)
        .description("clients disconnected because their outbound queue overflowed")
        .register(registry);
    connects =
        Counter.builder("dugout.realtime.connects")
            .description("accepted STOMP CONNECTs")
            .register(registry);
    for (ConnectFailure failure : ConnectFailure.values()) {
      connectFailures.put(
          failure,
          Counter.builder("dugout.realtime.connect.failures")
              .description("refused STOMP CONNECTs, by reason")
              .tag("reason", failure.tag())
              .register(registry));
    }
    for (DisconnectReason reason : DisconnectReason.values()) {
      disconnects.put(
          reason,
          Counter.builder("dugout.realtime.disconnects")
              .description("closed WebSocket sessions, by reason")
              .tag("reason", reason.tag())
              .register(registry));
    }
    for (String code : new String[] {"protocol", "malformed_frame", "internal"}) {
      errorCounter(code);
    }
    rateLimited =
        Counter.builder("dugout.realtime.rate.limited")
            .description("messages refused because their sender exceeded the send rate")
            .register(registry);
    attemptsHandled = attempts("handled");
    attemptsRefused = attempts("refused");
    queueDepth =
        DistributionSummary.builder("dugout.realtime.outbound.queue")
            .description("frames waiting in a session's outbound queue, sampled once a second")
            .baseUnit("frames")
            .serviceLevelObjectives(1, 10, 100, 1_000, 5_000)
            .register(registry);
    subscribeLive = subscribeTimer("false");
    subscribeReplay = subscribeTimer("true");
    deliveries =
        new DeliveryMeter(
            Counter.builder("dugout.realtime.deliveries")
                .description("MESSAGE frames written to client sockets")
                .register(registry),
            Timer.builder("dugout.realtime.delivery.latency")
                .description(
                    "message stored -> written to the client's socket; one sample per socket"
                        + " write (its oldest live message)")
                .serviceLevelObjectives(Slo.LATENCY)
                .register(registry));
  }

  private Counter attempts(String outcome) {
    return Counter.builder("dugout.realtime.netty.attempts")
        .description(
            "message SENDs the Netty listener tried on its event loop: handled there, or refused"
                + " because they would have waited and handed to the connection's thread")
        .tag("outcome", outcome)
        .register(registry);
  }

  /** A message SEND tried on an event loop was handled there ({@code true}) or refused. */
  void attempted(boolean handled) {
    (handled ? attemptsHandled : attemptsRefused).increment();
  }

  public double attempts(boolean handled) {
    return (handled ? attemptsHandled : attemptsRefused).count();
  }

  private Timer subscribeTimer(String replay) {
    return Timer.builder("dugout.realtime.subscribe")
        .description("SUBSCRIBE to a room topic until RECEIPT is queued, with since-seq replay")
        .tag("replay", replay)
        .serviceLevelObjectives(Slo.LATENCY)
        .register(registry);
  }

  /** The counter the outbound queues of all sessions add their slow-consumer closes to. */
  public AtomicLong slowConsumers() {
    return slowConsumers;
  }

  DeliveryMeter deliveries() {
    return deliveries;
  }

  void connected() {
    connects.increment();
  }

  void connectFailed(ConnectFailure reason) {
    connectFailures.get(reason).increment();
  }

  void disconnected(DisconnectReason reason) {
    disconnects.get(reason).increment();
  }

  /**
   * Counts an error told to a client: an ERROR frame ({@code protocol}, {@code malformed_frame},
   * {@code internal}) or an error on {@code /user/queue/errors} (the API's error codes).
   */
  void error(String code) {
    errorCounter(code).increment();
  }

  private Counter errorCounter(String code) {
    return errors.computeIfAbsent(
        code,
        c ->
            Counter.builder("dugout.realtime.errors")
                .description("errors sent to clients, by code")
                .tag("code", c)
                .register(registry));
  }

  void rateLimited() {
    rateLimited.increment();
  }

  /** Gauges of the node's outbound bytes and their budget. */
  void outboundMemory(OutboundMemory memory) {
    Gauge.builder("dugout.realtime.outbound.bytes", memory, OutboundMemory::queued)
        .description("bytes queued for clients on this node, all sessions together")
        .baseUnit("bytes")
        .register(registry);
    Gauge.builder("dugout.realtime.outbound.budget", memory, OutboundMemory::budget)
        .description("dugout.realtime.max-outbound-bytes: the node's budget of queued bytes")
        .baseUnit("bytes")
        .register(registry);
  }

  void queueDepth(int frames) {
    queueDepth.record(frames);
  }

  void subscribed(long startNanos, boolean replay) {
    (replay ? subscribeReplay : subscribeLive)
        .record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
  }

  /** Service-level buckets shared by the latency histograms, so panels compare like with like. */
  static final class Slo {
    static final Duration[] LATENCY = {
      Duration.ofNanos(250_000),
      Duration.ofMillis(1),
      Duration.ofMillis(2),
      Duration.ofMillis(5),
      Duration.ofMillis(10),
      Duration.ofMillis(25),
      Duration.ofMillis(50),
      Duration.ofMillis(100),
      Duration.ofMillis(250),
      Duration.ofMillis(500),
      Duration.ofSeconds(1),
      Duration.ofSeconds(2),
      Duration.ofSeconds(5)
    };

    private Slo() {}
  }
}
