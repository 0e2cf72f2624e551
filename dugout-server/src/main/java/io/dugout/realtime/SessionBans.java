package io.dugout.realtime;

import io.dugout.auth.BannedUsers;
import io.dugout.auth.UserAccessChanged;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Ends this node's sessions of a user who was banned. On hearing the ban ({@link
 * UserAccessChanged}, synchronously on the node that wrote it, by broadcast on the others) every
 * session of the user is marked at once, so that no frame of theirs is handled afterwards, and is
 * then sent an ERROR with the code {@code banned} and closed, on a thread of its own since a close
 * waits for the client to take its last frames. {@link #endBanned} does the same for the sessions
 * of users a node learns are banned without the broadcast (cluster mode: {@code
 * BannedSessionCheck}).
 */
@Component
class SessionBans {

  private static final Logger log = LoggerFactory.getLogger(SessionBans.class);

  private final Subscriptions subscriptions;

  SessionBans(Subscriptions subscriptions) {
    this.subscriptions = subscriptions;
  }

  @EventListener
  void accessChanged(UserAccessChanged change) {
    if (change.revoked()) {
      end(change.userId());
    }
  }

  /** Ends the sessions here of every connected user {@code bans} answers is banned. */
  void endBanned(BannedUsers bans) {
    for (var session : subscriptions.sessions()) {
      var caller = session.caller();
      if (caller != null
          && !caller.service()
          && !session.revoked()
          && bans.contains(caller.userId())) {
        end(caller.userId());
      }
    }
  }

  private void end(String userId) {
    var sessions = subscriptions.ofUser(userId);
    if (sessions.isEmpty()) {
      return;
    }
    log.info("Ending {} session(s) of {}: banned", sessions.size(), userId);
    for (ClientSession session : sessions) {
      if (session.caller() != null && session.caller().service()) {
        continue;
      }
      session.revoke();
      Thread.ofVirtual().name("dugout-ban-close").start(() -> ClientReplies.endBanned(session));
    }
  }
}
