package io.dugout.realtime;

import io.dugout.message.NoWait;
import io.dugout.realtime.stomp.StompFrame;
import io.dugout.realtime.stomp.StompFrameDecoder;
import io.dugout.realtime.stomp.StompFrames;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.SubProtocolCapable;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.WebSocketMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.adapter.standard.StandardWebSocketSession;

/**
 * The {@code /ws} WebSocket handler: decodes STOMP frames of each connection with its {@link
 * StompFrameDecoder} (frames may span WebSocket messages, and one message may carry several frames)
 * and hands them to {@link ClientInbound} on the connection's own thread, in order. A frame the
 * decoder refuses ends the connection with an ERROR naming the problem.
 *
 * <p>Over 300 lines: the two ways frames come in (a blocking read on a connection's thread, an
 * attempt on an event loop) must take the same steps in the same order, so they stay side by side.
 */
@Component
public class StompEndpoint implements WebSocketHandler, SubProtocolCapable {

  /** The path of the STOMP endpoint on every transport. */
  public static final String PATH = "/ws";

  private static final Logger log = LoggerFactory.getLogger(StompEndpoint.class);
  private static final String SESSION = "dugout.session";
  private static final String DECODER = "dugout.decoder";

  private final ClientInbound inbound;
  private final Subscriptions subscriptions;
  private final SendRateLimit rateLimiter;
  private final RealtimeProperties properties;
  private final RealtimeMetrics metrics;
  private final SessionLog sessionLog;
  private final ExecutorService writers = Executors.newVirtualThreadPerTaskExecutor();
  private final AtomicInteger inFlight = new AtomicInteger();
  private final OutboundMemory outboundMemory;
  private volatile boolean accepting = true;

  StompEndpoint(
      ClientInbound inbound,
      Subscriptions subscriptions,
      SendRateLimit rateLimiter,
      RealtimeProperties properties,
      RealtimeMetrics metrics,
      SessionLog sessionLog) {
    this.inbound = inbound;
    this.subscriptions = subscriptions;
    this.rateLimiter = rateLimiter;
    this.properties = properties;
    this.metrics = metrics;
    this.sessionLog = sessionLog;
    this.outboundMemory = OutboundMemory.of(properties.maxOutboundBytes());
    metrics.outboundMemory(outboundMemory);
  }

  /** The outbound bytes of all sessions of the node, against the node's budget. */
  OutboundMemory outboundMemory() {
    return outboundMemory;
  }

  @Override
  public void afterConnectionEstablished(WebSocketSession socket) throws Exception {
    if (!accepting) {
      metrics.connectFailed(RealtimeMetrics.ConnectFailure.SHUTTING_DOWN);
      socket.close(CloseStatus.SERVICE_RESTARTED.withReason("server shutting down"));
      return;
    }
    if (socket instanceof StandardWebSocketSession standard) {
      // why: a client that stops reading must not hold a writer forever
      standard
          .getNativeSession()
          .getUserProperties()
          .put(
              "org.apache.tomcat.websocket.BLOCKING_SEND_TIMEOUT",
              properties.sendTimeLimit().toMillis());
    }
    var limits =
        new ClientSession.Limits(
            properties.maxQueuedFrames(),
            properties.maxQueuedBytes(),
            metrics.slowConsumers(),
            properties.sendTimeLimit(),
            metrics.deliveries(),
            outboundMemory);
    var session = new ClientSession(socket, writers, limits);
    socket.getAttributes().put(SESSION, session);
    socket.getAttributes().put(DECODER, new StompFrameDecoder(properties.maxFrameBytes()));
    subscriptions.opened(session);
  }

  @Override
  public void handleMessage(WebSocketSession socket, WebSocketMessage<?> message) {
    var session = (ClientSession) socket.getAttributes().get(SESSION);
    var decoder = (StompFrameDecoder) socket.getAttributes().get(DECODER);
    if (session == null || !session.readable() || !accepting) {
      return;
    }
    session.lastReceivedAt = System.currentTimeMillis();
    ByteBuffer bytes =
        switch (message) {
          case TextMessage text ->
              ByteBuffer.wrap(text.getPayload().getBytes(StandardCharsets.UTF_8));
          case BinaryMessage binary -> binary.getPayload();
          default -> null;
        };
    if (bytes == null) {
      return;
    }
    handleFrames(session, decoder, null, false, bytes);
  }

  /**
   * Handles {@code first} (unless null; {@code refused}: a message SEND whose attempt without
   * waiting was refused), then every frame decoded from {@code bytes}, one at a time.
   */
  private void handleFrames(
      ClientSession session,
      StompFrameDecoder decoder,
      StompFrame first,
      boolean refused,
      ByteBuffer bytes) {
    inFlight.incrementAndGet();
    boolean wasConnected = session.connected();
    session.handling = true;
    try {
      if (first != null) {
        if (refused) {
          inbound.handleRefused(session, first);
        } else {
          inbound.handle(session, first);
        }
      }
      StompFrame frame;
      while (session.readable() && (frame = decoder.next(bytes)) != null) {
        inbound.handle(session, frame);
      }
    } catch (StompFrameDecoder.MalformedFrame e) {
      malformed(session, e);
    } catch (RuntimeException e) {
      failed(session, e);
    } finally {
      // why: bytes that came while this frame was handled may not have been read yet
      session.lastReceivedAt = System.currentTimeMillis();
      session.handling = false;
      inFlight.decrementAndGet();
    }
    if (!wasConnected && session.connected()) {
      metrics.connected();
      sessionLog.connected(session);
    }
  }

  /**
   * Whether {@link #handleWithoutWaiting} can handle anything: the message SENDs' whole path
   * refuses before it would wait (embedded storage without fsync, no history cache, a rate limit in
   * memory).
   */
  public boolean triesWithoutWaiting() {
    return inbound.triesWithoutWaiting();
  }

  /**
   * For the Netty listener's event loop, which must not wait: decodes {@code bytes} and handles
   * each message SEND in them right here, in a {@link NoWait#attempt}, while attempts succeed.
   * Returns what is left to do on the connection's thread, or null when nothing is: from the first
   * frame that may not be attempted ({@link ClientInbound#mayAttempt}), or whose attempt was
   * refused, with the bytes after it; or the report of a frame that failed. The caller guarantees
   * that nothing of the connection runs or waits to run on that thread meanwhile, and runs what is
   * returned before anything it reads later, so frames are handled in order.
   */
  public Runnable handleWithoutWaiting(WebSocketSession socket, ByteBuffer bytes) {
    var session = (ClientSession) socket.getAttributes().get(SESSION);
    var decoder = (StompFrameDecoder) socket.getAttributes().get(DECODER);
    if (session == null || !session.readable() || !accepting) {
      return null;
    }
    long now = System.currentTimeMillis();
    session.lastReceivedAt = now;
    inFlight.incrementAndGet();
    session.handling = true;
    try {
      while (session.isOpen()) {
        StompFrame frame;
        try {
          frame = decoder.next(bytes);
        } catch (StompFrameDecoder.MalformedFrame e) {
          return () -> malformed(session, e);
        }
        if (frame == null) {
          return null;
        }
        if (!ClientInbound.mayAttempt(session, frame, now)) {
          return later(session, decoder, frame, false, bytes);
        }
        try {
          NoWait.attempt(() -> inbound.handle(session, frame));
          metrics.attempted(true);
        } catch (NoWait.WouldWait e) {
          metrics.attempted(false);
          return later(session, decoder, frame, true, bytes);
        } catch (RuntimeException e) {
          return () -> failed(session, e);
        }
      }
      return null;
    } finally {
      session.lastReceivedAt = System.currentTimeMillis();
      session.handling = false;
      inFlight.decrementAndGet();
    }
  }

  private Runnable later(
      ClientSession session,
      StompFrameDecoder decoder,
      StompFrame frame,
      boolean refused,
      ByteBuffer bytes) {
    return () -> {
      if (session.isOpen() && accepting) {
        handleFrames(session, decoder, frame, refused, bytes);
      }
    };
  }

  private void malformed(ClientSession session, StompFrameDecoder.MalformedFrame e) {
    // why: the client's mistake, told to the client; the server has nothing to look into
    log.debug("Refused a frame of {}: {}", session.id(), e.getMessage());
    metrics.error("malformed_frame");
    session.sendAndClose(StompFrames.error(e.getMessage(), null), CloseStatus.POLICY_VIOLATION);
  }

  private void failed(ClientSession session, RuntimeException e) {
    log.error("Unexpected failure handling a frame of {}", session.id(), e);
    metrics.error("internal");
    session.sendAndClose(StompFrames.error("internal error", null), CloseStatus.SERVER_ERROR);
  }

  @Override
  public void handleTransportError(WebSocketSession socket, Throwable exception) {
    log.debug("Transport error on {}: {}", socket.getId(), exception.toString());
  }

  @Override
  public void afterConnectionClosed(WebSocketSession socket, CloseStatus closeStatus) {
    var session = (ClientSession) socket.getAttributes().get(SESSION);
    if (session == null) {
      return;
    }
    var reason = DisconnectReason.of(session.containerClosed(closeStatus));
    metrics.disconnected(reason);
    sessionLog.disconnected(session, reason, closeStatus);
    subscriptions.closed(session);
    if (session.caller() != null && subscriptions.ofUser(session.caller().userId()).isEmpty()) {
      rateLimiter.forget(session.caller().userId());
    }
  }

  /**
   * The connection has held bytes its client did not take for {@code limit}: a write that blocked
   * that long on Tomcat, so the client is closed as a slow consumer.
   */
  public void stalled(WebSocketSession socket, Duration limit) {
    if (socket.getAttributes().get(SESSION) instanceof ClientSession session) {
      session.closeSlow("took no bytes for " + limit.toMillis() + " ms");
    }
  }

  /** STOMP clients (stompjs among them) offer these and some insist on getting one back. */
  @Override
  public java.util.List<String> getSubProtocols() {
    return java.util.List.of("v12.stomp", "v11.stomp");
  }

  @Override
  public boolean supportsPartialMessages() {
    return true;
  }

  void startAccepting() {
    accepting = true;
  }

  /** Stops taking connections and waits up to {@code waitMillis} for frames being handled. */
  void stopAccepting(long waitMillis) {
    accepting = false;
    long deadline = System.currentTimeMillis() + waitMillis;
    while (inFlight.get() > 0 && System.currentTimeMillis() < deadline) {
      Thread.onSpinWait();
      try {
        Thread.sleep(5);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
