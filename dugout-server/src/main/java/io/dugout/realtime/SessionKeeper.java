package io.dugout.realtime;

import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import org.springframework.web.socket.CloseStatus;

/**
 * Keeps sessions honest and ends them cleanly: sends heart-beats to quiet connections, drops
 * clients silent for three heart-beat intervals or not CONNECTed within {@code
 * dugout.realtime.connect-time-limit}, ends sessions whose token expired (within a second of its
 * {@code exp}), and on shutdown reports the node not ready, stops taking frames, lets durable
 * writes in flight finish, then closes every session with a reason. Once a second it samples every
 * session's outbound queue depth and recounts the node's outbound bytes ({@link OutboundMemory}).
 */
@Component
class SessionKeeper implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(SessionKeeper.class);
  static final CloseStatus SILENT = new CloseStatus(4000, "heart-beat timeout");
  static final CloseStatus NO_CONNECT = new CloseStatus(4001, "no CONNECT frame");
  private static final CloseStatus GOING_AWAY =
      CloseStatus.GOING_AWAY.withReason("server shutting down");

  private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);

  private final Subscriptions subscriptions;
  private final StompEndpoint endpoint;
  private final ClientInbound inbound;
  private final RealtimeMetrics metrics;
  private final ApplicationEventPublisher events;
  private final long connectTimeLimitMs;
  private ScheduledExecutorService timer;
  private volatile boolean running;
  private volatile boolean refusedTraffic;

  SessionKeeper(
      Subscriptions subscriptions,
      StompEndpoint endpoint,
      ClientInbound inbound,
      RealtimeMetrics metrics,
      ApplicationEventPublisher events,
      RealtimeProperties properties) {
    this.subscriptions = subscriptions;
    this.endpoint = endpoint;
    this.inbound = inbound;
    this.metrics = metrics;
    this.events = events;
    this.connectTimeLimitMs = properties.connectTimeLimit().toMillis();
  }

  @Override
  public void start() {
    if (refusedTraffic) {
      // why: a stopped node that starts again (a lifecycle restart) takes traffic again; at first
      // start Spring Boot announces readiness itself once the application is ready
      AvailabilityChangeEvent.publish(events, this, ReadinessState.ACCEPTING_TRAFFIC);
      refusedTraffic = false;
    }
    endpoint.startAccepting();
    timer =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("dugout-heartbeat").factory());
    timer.scheduleAtFixedRate(this::tick, 1, 1, TimeUnit.SECONDS);
    running = true;
  }

  @Override
  public void stop() {
    running = false;
    // why: load balancers stop sending new clients before this node stops taking them
    AvailabilityChangeEvent.publish(events, this, ReadinessState.REFUSING_TRAFFIC);
    refusedTraffic = true;
    endpoint.stopAccepting(5_000);
    timer.shutdownNow();
    var open = subscriptions.sessions();
    log.info("Closing {} client sessions", open.size());
    open.forEach(session -> session.close(GOING_AWAY));
    awaitCloseFrames(open, System.nanoTime() + CLOSE_WAIT.toNanos());
  }

  /**
   * why: closes are written by the writers, off this thread; the web server stops right after this
   * phase and would drop a connection whose close frame is not out yet. Bounded: a client that does
   * not read cannot hold the shutdown.
   */
  private static void awaitCloseFrames(Collection<ClientSession> open, long deadlineNanos) {
    for (ClientSession session : open) {
      while (!session.closeSent() && System.nanoTime() < deadlineNanos) {
        try {
          Thread.sleep(2);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  /** Stops before the web server, so clients are told why they are disconnected. */
  @Override
  public int getPhase() {
    return Integer.MAX_VALUE;
  }

  void tick() {
    long now = System.currentTimeMillis();
    inbound.forgetOldTyping(now);
    long outboundBytes = 0;
    for (ClientSession session : subscriptions.sessions()) {
      metrics.queueDepth(session.queuedFrames());
      outboundBytes += session.queuedBytes();
      try {
        if (!session.connected()) {
          // why: from the opening, so that heart-beats alone never hold a connection
          // unauthenticated
          if (now - session.openedAt > connectTimeLimitMs) {
            session.close(NO_CONNECT);
          }
          continue;
        }
        if (session.tokenExpired(now)) {
          // why: ending a session waits for its last frames to be written; never on this timer
          Thread.ofVirtual().start(() -> ClientReplies.endExpired(session));
          continue;
        }
        long clientBeat = session.clientBeatMs();
        if (clientBeat > 0 && !session.handling && now - session.lastReceivedAt > 3 * clientBeat) {
          session.close(SILENT);
          continue;
        }
        long serverBeat = session.serverBeatMs();
        if (serverBeat > 0
            && now - session.lastSentAt >= serverBeat
            && session.queuedFrames() == 0) {
          session.send("\n");
        }
      } catch (RuntimeException e) {
        log.debug("Heart-beat check of {} failed: {}", session.id(), e.toString());
      }
    }
    endpoint.outboundMemory().recount(outboundBytes);
  }
}
