package io.dugout.realtime;

import io.dugout.auth.BannedUsers;
import io.dugout.system.ConditionalOnSelection;
import io.dugout.system.DugoutProperties.Mode;
import io.dugout.system.PeriodicSweep;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Cluster mode: every {@code dugout.bans.cache-ttl} checks the users of this node's open sessions
 * against the bans and ends the sessions of those banned. why: a ban made on another node arrives
 * here by a Redis Pub/Sub broadcast, which may be lost; this bounds how long a banned user's
 * session lives on here to about two intervals (the ban answer's own staleness, then this check).
 * On one node the broadcast cannot be lost, so this runs only in cluster mode.
 */
@Component
@ConditionalOnSelection(mode = Mode.CLUSTER)
class BannedSessionCheck extends PeriodicSweep {

  private static final Logger log = LoggerFactory.getLogger(BannedSessionCheck.class);

  private final SessionBans sessions;
  private final BannedUsers bans;

  BannedSessionCheck(
      SessionBans sessions,
      BannedUsers bans,
      @Value("${dugout.bans.cache-ttl:5s}") Duration interval) {
    super("dugout-ban-check", interval);
    this.sessions = sessions;
    this.bans = bans;
  }

  @Override
  protected void sweepQuietly() {
    try {
      sessions.endBanned(bans);
    } catch (RuntimeException e) {
      // why: the store may be down; the next check tries again
      log.warn("Ban check of open sessions failed: {}", e.toString());
    }
  }
}
