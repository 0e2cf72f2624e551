package io.dugout.realtime;

import io.dugout.realtime.stomp.StompFrame;
import io.dugout.realtime.stomp.StompFrames;
import io.dugout.system.DugoutException;
import io.dugout.system.Outages;
import java.util.Map;
import org.springframework.stereotype.Component;
import org.springframework.web.socket.CloseStatus;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the server answers a client's frame with, one way for every handler: a RECEIPT when asked, a
 * user error on the client's error queue (the session stays), or a protocol error (an ERROR frame,
 * then the connection closes).
 */
@Component
class ClientReplies {

  static final String TOKEN_EXPIRED = "token_expired";
  static final String BANNED = "banned";

  private final JsonMapper json;
  private final RoomBroadcaster broadcaster;
  private final RealtimeMetrics metrics;
  private final Outages outages;

  ClientReplies(
      JsonMapper json, RoomBroadcaster broadcaster, RealtimeMetrics metrics, Outages outages) {
    this.json = json;
    this.broadcaster = broadcaster;
    this.metrics = metrics;
    this.outages = outages;
  }

  void receipt(ClientSession session, StompFrame frame) {
    String receipt = frame.receipt();
    if (receipt != null) {
      session.send(StompFrames.receipt(receipt));
    }
  }

  /** A user error: a JSON body on the session's {@code /user/queue/errors}, if it subscribed. */
  void userError(
      ClientSession session, StompFrame frame, String code, String message, String field) {
    userError(session, frame, code, message, field, Map.of());
  }

  /**
   * An error with the details a {@link DugoutException} carries ({@code until}, {@code
   * retryAfter}).
   */
  void userError(
      ClientSession session,
      StompFrame frame,
      String code,
      String message,
      String field,
      Map<String, Object> details) {
    metrics.error(code);
    String clientMsgId = clientMsgIdOf(frame.body());
    var error =
        new RealtimeBodies.ErrorBody(
            "error",
            code,
            message,
            frame.destination(),
            clientMsgId,
            frame.receipt(),
            field,
            (String) details.get("until"),
            details.get("retryAfter") instanceof Number n ? n.longValue() : null);
    session.subscriptions().values().stream()
        .filter(s -> s.destination().equals(Destinations.ERRORS))
        .forEach(s -> broadcaster.toSubscription(s, error));
  }

  /** A protocol error: ERROR frame naming the problem, then the connection closes. */
  void fail(ClientSession session, String message, StompFrame frame) {
    metrics.error("protocol");
    session.sendAndClose(StompFrames.error(message, frame.receipt()), CloseStatus.POLICY_VIOLATION);
  }

  /** A backend's outage as the client's {@code unavailable} error; anything else is rethrown. */
  DugoutException.Unavailable outage(RuntimeException e) {
    var unavailable = outages.asUnavailable(e);
    if (unavailable == null) {
      throw e;
    }
    return unavailable;
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

  /** Ends a session whose user is banned from the deployment; a reconnect is refused too. */
  static void endBanned(ClientSession session) {
    session.sendAndClose(
        StompFrames.error(BANNED, "banned: this user may not use the chat", null),
        CloseStatus.POLICY_VIOLATION.withReason(BANNED));
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
}
