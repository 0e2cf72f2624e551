package io.dugout.realtime;

import io.dugout.auth.BannedUsers;
import io.dugout.auth.Caller;
import io.dugout.auth.TokenVerifier;
import io.dugout.realtime.stomp.StompFrame;
import io.dugout.realtime.stomp.StompFrames;
import java.util.Arrays;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;
import org.springframework.web.socket.CloseStatus;

/**
 * CONNECT (and STOMP): agrees on the protocol version and heart-beats and authenticates the session
 * with the bearer token it carries, refusing a banned user with the code {@code banned}. A session
 * is CONNECTed once; every failure is a protocol error.
 */
@Component
class ConnectHandler {

  private final TokenVerifier tokens;
  private final Subscriptions subscriptions;
  private final RealtimeProperties properties;
  private final RealtimeMetrics metrics;
  private final ClientReplies replies;
  private final BannedUsers bans;

  ConnectHandler(
      ObjectProvider<BannedUsers> bans,
      TokenVerifier tokens,
      Subscriptions subscriptions,
      RealtimeProperties properties,
      RealtimeMetrics metrics,
      ClientReplies replies) {
    this.tokens = tokens;
    this.subscriptions = subscriptions;
    this.properties = properties;
    this.metrics = metrics;
    this.replies = replies;
    this.bans = bans.getIfAvailable(() -> BannedUsers.NONE);
  }

  void connect(ClientSession session, StompFrame frame) {
    if (session.connected()) {
      refuse(session, frame, RealtimeMetrics.ConnectFailure.ALREADY_CONNECTED, "already connected");
      return;
    }
    String version = version(frame.header("accept-version"));
    if (version == null) {
      refuse(
          session,
          frame,
          RealtimeMetrics.ConnectFailure.UNSUPPORTED_VERSION,
          "unsupported STOMP version: this server speaks 1.1 and 1.2");
      return;
    }
    TokenVerifier.Verified verified;
    try {
      verified = tokens.verify(token(frame));
    } catch (TokenVerifier.InvalidTokenException e) {
      refuse(
          session,
          frame,
          RealtimeMetrics.ConnectFailure.INVALID_TOKEN,
          "invalid token: " + e.getMessage());
      return;
    }
    Caller caller = verified.caller();
    if (!caller.service() && banned(caller.userId())) {
      metrics.connectFailed(RealtimeMetrics.ConnectFailure.BANNED);
      session.sendAndClose(
          StompFrames.error(
              ClientReplies.BANNED,
              "banned: user " + caller.userId() + " is banned",
              frame.receipt()),
          CloseStatus.POLICY_VIOLATION.withReason(ClientReplies.BANNED));
      return;
    }
    var client = HeartBeat.parse(frame.header("heart-beat"));
    if (client == null) {
      refuse(session, frame, RealtimeMetrics.ConnectFailure.INVALID_HEART_BEAT, HeartBeat.INVALID);
      return;
    }
    long wanted = properties.heartbeat().toMillis();
    long clientBeat = client.clientSends() > 0 ? Math.max(client.clientSends(), wanted) : 0;
    long serverBeat = client.clientWants() > 0 ? Math.max(client.clientWants(), wanted) : 0;
    session.connected(caller, verified.expiresAt(), clientBeat, serverBeat);
    subscriptions.authenticated(session);
    session.send(StompFrames.connected(version, wanted, wanted, caller.userId()));
  }

  private void refuse(
      ClientSession session,
      StompFrame frame,
      RealtimeMetrics.ConnectFailure failure,
      String message) {
    metrics.connectFailed(failure);
    replies.fail(session, message, frame);
  }

  private static String version(String acceptVersion) {
    if (acceptVersion == null) {
      return null;
    }
    var versions = Arrays.asList(acceptVersion.split(","));
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

  /**
   * Whether the user is banned. why: while the ban store's backend is down a CONNECT is let in, as
   * it was before bans existed (every operation that needs the backend then answers {@code
   * unavailable} by itself, and REST calls are refused by the ban check); in a cluster {@link
   * BannedSessionCheck} ends the session once the store answers, if the user turns out banned.
   */
  private boolean banned(String userId) {
    try {
      return bans.contains(userId);
    } catch (RuntimeException e) {
      replies.outage(e); // rethrows what is not a backend's outage
      return false;
    }
  }
}
