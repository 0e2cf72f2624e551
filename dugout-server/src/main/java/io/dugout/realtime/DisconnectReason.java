package io.dugout.realtime;

import org.springframework.web.socket.CloseStatus;

/**
 * Why a WebSocket session ended, read from its close status and who closed it: a closed set, so it
 * can tag a meter and a log line.
 */
enum DisconnectReason {
  /** The client closed the connection or sent DISCONNECT. */
  CLIENT,
  /** The client sent a frame the protocol does not allow (an ERROR frame told it which). */
  PROTOCOL_ERROR,
  /** The session's token expired. */
  TOKEN_EXPIRED,
  /** The user was banned from the deployment. */
  BANNED,
  /** The client's outbound queue overflowed. */
  SLOW_CONSUMER,
  /** The client missed three heart-beats. */
  HEARTBEAT_TIMEOUT,
  /** The client never sent CONNECT. */
  NO_CONNECT,
  /** Writing to the client failed or timed out. */
  WRITE_FAILED,
  /** The server is shutting down. */
  SHUTDOWN,
  /** An unexpected failure on the server. */
  SERVER_ERROR;

  String tag() {
    return name().toLowerCase();
  }

  /** The reason for a session the server closed with {@code byServer} (null: the client did). */
  static DisconnectReason of(CloseStatus byServer) {
    if (byServer == null) {
      return CLIENT;
    }
    int code = byServer.getCode();
    if (code == CloseStatus.POLICY_VIOLATION.getCode()) {
      if (ClientReplies.BANNED.equals(byServer.getReason())) {
        return BANNED;
      }
      return ClientReplies.TOKEN_EXPIRED.equals(byServer.getReason())
          ? TOKEN_EXPIRED
          : PROTOCOL_ERROR;
    }
    if (code == ClientSession.SLOW.getCode()) {
      return SLOW_CONSUMER;
    }
    if (code == SessionKeeper.SILENT.getCode()) {
      return HEARTBEAT_TIMEOUT;
    }
    if (code == SessionKeeper.NO_CONNECT.getCode()) {
      return NO_CONNECT;
    }
    if (code == CloseStatus.SESSION_NOT_RELIABLE.getCode()) {
      return WRITE_FAILED;
    }
    if (code == CloseStatus.GOING_AWAY.getCode()
        || code == CloseStatus.SERVICE_RESTARTED.getCode()) {
      return SHUTDOWN;
    }
    if (code == CloseStatus.SERVER_ERROR.getCode()) {
      return SERVER_ERROR;
    }
    return CLIENT;
  }
}
