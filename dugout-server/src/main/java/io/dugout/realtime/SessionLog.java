package io.dugout.realtime;

import io.dugout.system.LogProperties;
import io.dugout.system.UserHash;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.socket.CloseStatus;

/**
 * One log line when a session CONNECTs and one when it ends, with why, on the logger {@code
 * dugout.session} when {@code dugout.log.sessions=true}. It names the session, a hash of the user
 * and the reason; never a token, a room or message content.
 */
@Component
class SessionLog {

  private static final Logger log = LoggerFactory.getLogger("dugout.session");

  private final boolean enabled;

  SessionLog(LogProperties properties) {
    this.enabled = properties.sessions();
  }

  void connected(ClientSession session) {
    if (enabled && log.isInfoEnabled()) {
      log.info("session={} event=connected user={}", session.id(), userOf(session));
    }
  }

  void disconnected(ClientSession session, DisconnectReason reason, CloseStatus reported) {
    if (enabled && log.isInfoEnabled()) {
      log.info(
          "session={} event=disconnected user={} reason={} code={}",
          session.id(),
          userOf(session),
          reason.tag(),
          reported.getCode());
    }
  }

  private static String userOf(ClientSession session) {
    var caller = session.caller();
    return caller == null ? "-" : UserHash.of(caller.userId());
  }
}
