package io.dugout.ban;

import io.dugout.system.PeriodicSweep;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Every {@code dugout.bans.cache-ttl}, reads the bans in force again ({@link Bans#refresh}): the
 * bound on how late a node counts a ban or unban whose broadcast it missed. On one node no
 * broadcast can be missed, but the refresh also forgets the changes it has read, so it runs there
 * too (a query that finds the few bans there are).
 */
@Component
class BanRefresh extends PeriodicSweep {

  private static final Logger log = LoggerFactory.getLogger(BanRefresh.class);

  private final Bans bans;

  BanRefresh(Bans bans, BanProperties properties) {
    super("dugout-ban-refresh", properties.cacheTtl());
    this.bans = bans;
  }

  @Override
  protected void sweepQuietly() {
    try {
      bans.refresh();
    } catch (RuntimeException e) {
      // why: the store may be down; answers stay the last read's for up to two intervals
      log.warn("Reading the bans in force failed: {}", e.toString());
    }
  }
}
