package io.dugout.realtime;

import io.dugout.auth.Caller;
import io.dugout.message.MessageEdits;
import io.dugout.message.MessageService;
import io.dugout.message.NoWait;
import io.dugout.message.PostMessage;
import io.dugout.message.PostMessageJson;
import io.dugout.message.RoomAccess;
import io.dugout.realtime.stomp.StompFrame;
import io.dugout.room.RoomService;
import io.dugout.system.DugoutException;
import io.dugout.system.Ids;
import io.dugout.system.JsonPaths;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * SEND to an application destination of a room: a message, an edit, a delete or a reaction (each
 * rate-limited per user), a read marker, or typing. A failure the client can act on (validation,
 * membership, the rate, a backend outage) is a user error on its error queue, and the session
 * stays.
 */
@Component
class SendHandler {

  private final MessageService messages;
  private final MessageEdits edits;
  private final RoomService rooms;
  private final RoomAccess access;
  private final RoomBroadcaster broadcaster;
  private final SendRateLimit rateLimiter;
  private final TypingThrottle typing;
  private final TokenRefresh tokenRefresh;
  private final RealtimeProperties properties;
  private final JsonMapper json;
  private final PostMessageJson postReader;
  private final RealtimeMetrics metrics;
  private final ClientReplies replies;

  SendHandler(
      MessageService messages,
      MessageEdits edits,
      RoomService rooms,
      RoomAccess access,
      RoomBroadcaster broadcaster,
      SendRateLimit rateLimiter,
      TypingThrottle typing,
      TokenRefresh tokenRefresh,
      RealtimeProperties properties,
      JsonMapper json,
      RealtimeMetrics metrics,
      ClientReplies replies) {
    this.messages = messages;
    this.edits = edits;
    this.rooms = rooms;
    this.access = access;
    this.broadcaster = broadcaster;
    this.rateLimiter = rateLimiter;
    this.typing = typing;
    this.tokenRefresh = tokenRefresh;
    this.properties = properties;
    this.json = json;
    this.postReader = new PostMessageJson(json.readerFor(PostMessage.class));
    this.metrics = metrics;
    this.replies = replies;
  }

  /**
   * Whether message SENDs can be tried without waiting: the whole path refuses before it would wait
   * ({@link NoWait}).
   */
  boolean triesWithoutWaiting() {
    return messages.postsWithoutWaiting() && rateLimiter.triesWithoutWaiting();
  }

  /**
   * Handles a SEND; {@code charged}: the message already took its place in the sender's rate
   * allowance (an attempt without waiting that was refused after it did).
   */
  void send(ClientSession session, StompFrame frame, boolean charged) {
    String destination = frame.destination();
    if (Destinations.TOKEN.equals(destination)) {
      tokenRefresh.refresh(session, frame);
      return;
    }
    var app = Destinations.app(destination);
    try {
      if (app == null) {
        throw DugoutException.notFound("unknown destination " + destination);
      }
      Ids.require("destination", app.roomId(), Ids.MAX_USER_ID_LENGTH);
      switch (app.action()) {
        case MESSAGES -> post(session.caller(), app.roomId(), frame.body(), charged);
        case READ -> read(session.caller(), app.roomId(), frame.body());
        case TYPING -> typing(session.caller(), app.roomId());
        case EDIT, DELETE, REACT, UNREACT ->
            change(session.caller(), app.roomId(), app.action(), frame.body(), charged);
      }
      replies.receipt(session, frame);
    } catch (NoWait.WouldWait e) {
      throw e;
    } catch (DugoutException e) {
      replies.userError(session, frame, e.code(), e.getMessage(), e.field(), e.details());
    } catch (RateLimited e) {
      metrics.rateLimited();
      replies.userError(
          session,
          frame,
          "rate_limited",
          "too many messages: at most " + properties.messagesPerSecond() + " per second",
          null);
    } catch (JacksonException e) {
      String field = JsonPaths.of(e);
      replies.userError(
          session,
          frame,
          "validation",
          "body".equals(field)
              ? "the body is not valid JSON"
              : field + ": is unknown, or has the wrong type or format",
          "body".equals(field) ? null : field);
    } catch (RuntimeException e) {
      var unavailable = replies.outage(e);
      replies.userError(session, frame, unavailable.code(), unavailable.getMessage(), null);
    }
  }

  private void post(Caller caller, String roomId, byte[] body, boolean charged) {
    if (!charged && !caller.service() && !rateLimiter.tryAcquire(caller.userId())) {
      throw new RateLimited();
    }
    messages.post(caller, roomId, postReader.read(body));
  }

  /** An edit, delete or reaction: rate-limited like a message, since each is an entry too. */
  private void change(
      Caller caller, String roomId, Destinations.Action action, byte[] body, boolean charged) {
    if (!charged && !caller.service() && !rateLimiter.tryAcquire(caller.userId())) {
      throw new RateLimited();
    }
    var change = json.readValue(body, ChangeBody.class);
    if (change.seq() == null) {
      throw DugoutException.invalid("seq", "is required");
    }
    long seq = change.seq();
    switch (action) {
      case EDIT -> edits.edit(caller, roomId, seq, change.clientMsgId(), change.content());
      case DELETE -> edits.delete(caller, roomId, seq, change.clientMsgId());
      case REACT -> edits.react(caller, roomId, seq, change.emoji(), change.clientMsgId(), true);
      default -> edits.react(caller, roomId, seq, change.emoji(), change.clientMsgId(), false);
    }
  }

  private void read(Caller caller, String roomId, byte[] body) {
    var read = json.readValue(body, ReadBody.class);
    rooms.markRead(caller, roomId, null, read.seq());
  }

  private void typing(Caller caller, String roomId) {
    access.requireReader(caller, roomId);
    if (typing.allow(caller.userId(), roomId, System.currentTimeMillis())) {
      broadcaster.typing(roomId, caller.userId());
    }
  }

  record ReadBody(Long seq) {}

  /** The body of an edit, a delete or a reaction: the message's seq and what changes. */
  record ChangeBody(String clientMsgId, Long seq, String content, String emoji) {}

  /** A user sent faster than the configured rate. */
  private static final class RateLimited extends RuntimeException {
    RateLimited() {
      super(null, null, false, false);
    }
  }
}
