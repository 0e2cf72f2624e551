package io.dugout.realtime;

import io.dugout.auth.Caller;
import io.dugout.auth.TokenVerifier;
import io.dugout.message.MessageService;
import io.dugout.message.NoWait;
import io.dugout.message.PostMessage;
import io.dugout.message.PostMessageJson;
import io.dugout.message.RoomAccess;
import io.dugout.realtime.stomp.StompFrame;
import io.dugout.realtime.stomp.StompFrames;
import io.dugout.room.RoomService;
import io.dugout.system.DugoutException;
import io.dugout.system.Ids;
import io.dugout.system.JsonPaths;
import io.dugout.system.Outages;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.messaging.simp.stomp.StompCommand;
import org.springframework.stereotype.Component;
import org.springframework.web.socket.CloseStatus;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Client inbound: handles one decoded frame of one session. Called for a session's frames one at a
 * time, in arrival order, so a SUBSCRIBE is in effect before the next frame is looked at.
 */
@Component
class ClientInbound {

  private static final int REPLAY_PAGE = 500;
  static final String TOKEN_EXPIRED = "token_expired";

  private final TokenVerifier tokens;
  private final MessageService messages;
  private final RoomService rooms;
  private final RoomAccess access;
  private final Subscriptions subscriptions;
  private final RoomBroadcaster broadcaster;
  private final SendRateLimit rateLimiter;
  private final RealtimeProperties properties;
  private final JsonMapper json;
  private final PostMessageJson postReader;
  private final RealtimeMetrics metrics;
  private final Outages outages;
  private final Map<String, Long> lastTyping = new ConcurrentHashMap<>();

  ClientInbound(
      TokenVerifier tokens,
      MessageService messages,
      RoomService rooms,
      RoomAccess access,
      Subscriptions subscriptions,
      RoomBroadcaster broadcaster,
      SendRateLimit rateLimiter,
      RealtimeProperties properties,
      JsonMapper json,
      RealtimeMetrics metrics,
      Outages outages) {
    this.tokens = tokens;
    this.messages = messages;
    this.rooms = rooms;
    this.access = access;
    this.subscriptions = subscriptions;
    this.broadcaster = broadcaster;
    this.rateLimiter = rateLimiter;
    this.properties = properties;
    this.json = json;
    this.postReader = new PostMessageJson(json.readerFor(PostMessage.class));
    this.metrics = metrics;
    this.outages = outages;
  }

  void handle(ClientSession session, StompFrame frame) {
    handle(session, frame, false);
  }

  /**
   * Handles a message SEND whose {@link NoWait#attempt} was refused: the attempt already took it
   * from the sender's rate allowance (which is the first thing a message SEND does, and cannot
   * wait), so this does not again.
   */
  void handleRefused(ClientSession session, StompFrame frame) {
    handle(session, frame, true);
  }

  /**
   * Whether the frame may be handled in a {@link NoWait#attempt}: a SEND of a message to a room, of
   * a session that is connected and whose token is valid. Everything it does then refuses before it
   * would wait, or cannot wait: the checks, the rate allowance, the membership read, the append,
   * the receipt and the deliveries (queued, never written by the sender). Errors it reports go to
   * the sender's error queue, without closing.
   */
  static boolean mayAttempt(ClientSession session, StompFrame frame, long now) {
    if (frame.command() != StompCommand.SEND || !session.connected() || session.tokenExpired(now)) {
      return false;
    }
    var app = Destinations.app(frame.destination());
    return app != null && app.action() == Destinations.Action.MESSAGES;
  }

  /**
   * Whether message SENDs may be attempted at all: see {@link StompEndpoint#triesWithoutWaiting}.
   */
  boolean triesWithoutWaiting() {
    return messages.postsWithoutWaiting() && rateLimiter.triesWithoutWaiting();
  }

  private void handle(ClientSession session, StompFrame frame, boolean charged) {
    StompCommand command = frame.command();
    if (command != StompCommand.CONNECT && command != StompCommand.STOMP && !session.connected()) {
      fail(session, command + " before CONNECT", frame);
      return;
    }
    if (session.tokenExpired(System.currentTimeMillis())) {
      endExpired(session);
      return;
    }
    switch (command) {
      case CONNECT, STOMP -> connect(session, frame);
      case SUBSCRIBE -> subscribe(session, frame);
      case UNSUBSCRIBE -> unsubscribe(session, frame);
      case SEND -> send(session, frame, charged);
      case DISCONNECT -> disconnect(session, frame);
      case ACK, NACK -> receipt(session, frame);
      default -> fail(session, command + " is not supported (no transactions)", frame);
    }
  }

  private void connect(ClientSession session, StompFrame frame) {
    if (session.connected()) {
      metrics.connectFailed(RealtimeMetrics.ConnectFailure.ALREADY_CONNECTED);
      fail(session, "already connected", frame);
      return;
    }
    String version = version(frame.header("accept-version"));
    if (version == null) {
      metrics.connectFailed(RealtimeMetrics.ConnectFailure.UNSUPPORTED_VERSION);
      fail(session, "unsupported STOMP version: this server speaks 1.1 and 1.2", frame);
      return;
    }
    TokenVerifier.Verified verified;
    try {
      verified = tokens.verify(token(frame));
    } catch (TokenVerifier.InvalidTokenException e) {
      metrics.connectFailed(RealtimeMetrics.ConnectFailure.INVALID_TOKEN);
      fail(session, "invalid token: " + e.getMessage(), frame);
      return;
    }
    Caller caller = verified.caller();
    var client = HeartBeat.parse(frame.header("heart-beat"));
    if (client == null) {
      metrics.connectFailed(RealtimeMetrics.ConnectFailure.INVALID_HEART_BEAT);
      fail(session, HeartBeat.INVALID, frame);
      return;
    }
    long wanted = properties.heartbeat().toMillis();
    long clientBeat = client.clientSends() > 0 ? Math.max(client.clientSends(), wanted) : 0;
    long serverBeat = client.clientWants() > 0 ? Math.max(client.clientWants(), wanted) : 0;
    session.connected(caller, verified.expiresAt(), clientBeat, serverBeat);
    subscriptions.authenticated(session);
    session.send(StompFrames.connected(version, wanted, wanted, caller.userId()));
  }

  private void subscribe(ClientSession session, StompFrame frame) {
    String id = frame.subscriptionId();
    String destination = frame.destination();
    if (id == null || destination == null) {
      fail(session, "SUBSCRIBE needs an id and a destination", frame);
      return;
    }
    if (session.subscriptions().containsKey(id)) {
      fail(session, "subscription id " + id + " is already in use", frame);
      return;
    }
    String roomId = Destinations.topicRoom(destination);
    if (roomId != null) {
      subscribeRoom(session, frame, id, destination, roomId);
      return;
    }
    if (Destinations.userQueue(destination)) {
      subscriptions.add(Subscription.live(session, id, destination, null));
      receipt(session, frame);
      return;
    }
    if (destination.startsWith("/user/")) {
      fail(
          session,
          "cannot subscribe to "
              + destination
              + ": only your own /user/queue/errors, /user/queue/rooms and"
              + " /user/queue/notifications",
          frame);
      return;
    }
    fail(session, "unknown destination " + destination, frame);
  }

  private void subscribeRoom(
      ClientSession session, StompFrame frame, String id, String destination, String roomId) {
    long start = System.nanoTime();
    try {
      Long since = sinceSeq(frame.header("since-seq"));
      if (since == null) {
        var subscription = Subscription.live(session, id, destination, roomId);
        // why: through the sequencer, so that a cluster node starts receiving the room's messages
        // from the others; on one node this only registers inside the room's lane
        messages.subscribe(
            session.caller(),
            roomId,
            lastSeq -> {
              subscriptions.add(subscription);
              return lastSeq;
            });
        receipt(session, frame);
        metrics.subscribed(start, false);
        return;
      }
      var subscription = Subscription.replaying(session, id, destination, roomId);
      long last =
          messages.subscribe(
              session.caller(),
              roomId,
              lastSeq -> {
                subscriptions.add(subscription);
                return lastSeq;
              });
      replay(session, subscription, since, last);
      subscription.goLive();
      receipt(session, frame);
      metrics.subscribed(start, true);
    } catch (DugoutException e) {
      fail(session, "cannot subscribe to room " + roomId + ": " + e.getMessage(), frame);
    } catch (RuntimeException e) {
      fail(session, "cannot subscribe to room " + roomId + ": " + outage(e).getMessage(), frame);
    }
  }

  /** Queues seqs (since, last] page by page, waiting while the client drains its queue. */
  private void replay(ClientSession session, Subscription subscription, long since, long last) {
    long cursor = since;
    while (cursor < last && session.isOpen()) {
      awaitRoom(session);
      var page =
          messages.replay(
              session.caller(),
              subscription.roomId(),
              cursor,
              (int) Math.min(REPLAY_PAGE, last - cursor));
      if (page.isEmpty()) {
        break;
      }
      for (var message : page) {
        session.send(subscription.frameOf(broadcaster.frameOf(message)));
      }
      cursor = page.getLast().seq();
    }
  }

  private void awaitRoom(ClientSession session) {
    long deadline = System.currentTimeMillis() + properties.sendTimeLimit().toMillis();
    while (session.isOpen() && session.queuedFrames() > properties.maxQueuedFrames() / 2) {
      if (System.currentTimeMillis() > deadline) {
        session.closeSlow(
            "a replay waited "
                + properties.sendTimeLimit().toMillis()
                + " ms for room in its queue");
        return;
      }
      try {
        Thread.sleep(2);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private void unsubscribe(ClientSession session, StompFrame frame) {
    var subscription = session.subscriptions().get(String.valueOf(frame.subscriptionId()));
    if (subscription != null) {
      subscriptions.remove(subscription);
    }
    receipt(session, frame);
  }

  private void send(ClientSession session, StompFrame frame, boolean charged) {
    String destination = frame.destination();
    byte[] body = frame.body();
    if (Destinations.TOKEN.equals(destination)) {
      refreshToken(session, frame);
      return;
    }
    var app = Destinations.app(destination);
    try {
      if (app == null) {
        throw DugoutException.notFound("unknown destination " + destination);
      }
      Ids.require("destination", app.roomId(), Ids.MAX_USER_ID_LENGTH);
      switch (app.action()) {
        case MESSAGES -> post(session.caller(), app.roomId(), body, charged);
        case READ -> read(session.caller(), app.roomId(), body);
        case TYPING -> typing(session.caller(), app.roomId());
      }
      receipt(session, frame);
    } catch (NoWait.WouldWait e) {
      throw e;
    } catch (DugoutException e) {
      userError(session, frame, e.code(), e.getMessage(), e.field());
    } catch (RateLimited e) {
      metrics.rateLimited();
      userError(
          session,
          frame,
          "rate_limited",
          "too many messages: at most " + properties.messagesPerSecond() + " per second",
          null);
    } catch (JacksonException e) {
      String field = JsonPaths.of(e);
      userError(
          session,
          frame,
          "validation",
          "body".equals(field)
              ? "the body is not valid JSON"
              : field + ": is unknown, or has the wrong type or format",
          "body".equals(field) ? null : field);
    } catch (RuntimeException e) {
      var unavailable = outage(e);
      userError(session, frame, unavailable.code(), unavailable.getMessage(), null);
    }
  }

  /** A backend's outage as the client's {@code unavailable} error; anything else is rethrown. */
  private DugoutException.Unavailable outage(RuntimeException e) {
    var unavailable = outages.asUnavailable(e);
    if (unavailable == null) {
      throw e;
    }
    return unavailable;
  }

  private void post(Caller caller, String roomId, byte[] body, boolean charged) {
    if (!charged && !caller.service() && !rateLimiter.tryAcquire(caller.userId())) {
      throw new RateLimited();
    }
    messages.post(caller, roomId, postReader.read(body));
  }

  private void read(Caller caller, String roomId, byte[] body) {
    var read = json.readValue(body, ReadBody.class);
    rooms.markRead(caller, roomId, null, read.seq());
  }

  private void typing(Caller caller, String roomId) {
    access.requireReader(caller, roomId);
    long now = System.currentTimeMillis();
    String key = caller.userId() + '\u0000' + roomId;
    Long previous = lastTyping.get(key);
    if (previous != null && now - previous < properties.typingInterval().toMillis()) {
      return; // why: typing is a hint; extra events are dropped, not reported
    }
    lastTyping.put(key, now);
    broadcaster.typing(roomId, caller.userId());
  }

  /**
   * Moves the session onto a fresh token for the same caller, so it outlives the token it connected
   * with. A token that does not verify is reported on the error queue and changes nothing; a token
   * for someone else ends the session.
   */
  private void refreshToken(ClientSession session, StompFrame frame) {
    TokenVerifier.Verified verified;
    try {
      verified = tokens.verify(json.readValue(frame.body(), TokenBody.class).token());
    } catch (TokenVerifier.InvalidTokenException e) {
      userError(session, frame, "unauthenticated", "invalid token: " + e.getMessage(), "token");
      return;
    } catch (JacksonException e) {
      userError(session, frame, "validation", "the body must be {\"token\": \"…\"}", "token");
      return;
    }
    if (!verified.caller().equals(session.caller())) {
      fail(session, "a refreshed token must be for the same user and scope", frame);
      return;
    }
    session.tokenRefreshed(verified.expiresAt());
    receipt(session, frame);
  }

  /** Ends a session whose token expired: the client reconnects with a fresh one and resumes. */
  static void endExpired(ClientSession session) {
    session.sendAndClose(
        StompFrames.error(
            TOKEN_EXPIRED,
            "token expired: reconnect with a fresh token and resume with since-seq",
            null),
        CloseStatus.POLICY_VIOLATION.withReason(TOKEN_EXPIRED));
  }

  /** Forgets typing times older than the interval, so the map holds only recent typists. */
  void forgetOldTyping(long now) {
    long interval = properties.typingInterval().toMillis();
    lastTyping.values().removeIf(at -> now - at >= interval);
  }

  private void disconnect(ClientSession session, StompFrame frame) {
    String receipt = frame.receipt();
    if (receipt != null) {
      session.sendAndClose(StompFrames.receipt(receipt), CloseStatus.NORMAL);
    } else {
      session.flushAndClose(CloseStatus.NORMAL);
    }
  }

  private void receipt(ClientSession session, StompFrame frame) {
    String receipt = frame.receipt();
    if (receipt != null) {
      session.send(StompFrames.receipt(receipt));
    }
  }

  private void userError(
      ClientSession session, StompFrame frame, String code, String message, String field) {
    metrics.error(code);
    String clientMsgId = clientMsgIdOf(frame.body());
    var error =
        new RealtimeBodies.ErrorBody(
            "error", code, message, frame.destination(), clientMsgId, frame.receipt(), field);
    session.subscriptions().values().stream()
        .filter(s -> s.destination().equals(Destinations.ERRORS))
        .forEach(s -> broadcaster.toSubscription(s, error));
  }

  private String clientMsgIdOf(byte[] body) {
    try {
      var node = json.readTree(body);
      var id = node == null ? null : node.get("clientMsgId");
      return id != null && id.isString() ? id.asString() : null;
    } catch (JacksonException e) {
      return null;
    }
  }

  /** A protocol error: ERROR frame naming the problem, then the connection closes. */
  private void fail(ClientSession session, String message, StompFrame frame) {
    metrics.error("protocol");
    session.sendAndClose(StompFrames.error(message, frame.receipt()), CloseStatus.POLICY_VIOLATION);
  }

  private static String version(String acceptVersion) {
    if (acceptVersion == null) {
      return null;
    }
    var versions = java.util.Arrays.asList(acceptVersion.split(","));
    return versions.contains("1.2") ? "1.2" : versions.contains("1.1") ? "1.1" : null;
  }

  private static String token(StompFrame frame) {
    String authorization = frame.header("Authorization");
    if (authorization == null) {
      authorization = frame.header("authorization");
    }
    if (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return authorization.substring(7);
    }
    return frame.header("passcode");
  }

  private static Long sinceSeq(String value) {
    if (value == null) {
      return null;
    }
    try {
      long since = Long.parseLong(value.strip());
      if (since < 0) {
        throw DugoutException.invalid("since-seq", "must be 0 or more");
      }
      return since;
    } catch (NumberFormatException e) {
      throw DugoutException.invalid("since-seq", "must be a number");
    }
  }

  record ReadBody(Long seq) {}

  record TokenBody(String token) {}

  /** A user sent faster than the configured rate. */
  private static final class RateLimited extends RuntimeException {
    RateLimited() {
      super(null, null, false, false);
    }
  }
}
