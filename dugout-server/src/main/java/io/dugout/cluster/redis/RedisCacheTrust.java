package io.dugout.cluster.redis;

import java.util.function.LongSupplier;

/**
 * Which of the rooms' cached runs this node can still trust.
 *
 * <p>A write that did not reach Redis leaves its room's run without its newest message, and the run
 * would then serve a stale newest page. So after a lost write, only runs built after Redis was
 * reached again are trusted ({@link #trustedFrom}, in Redis time): reads miss and the next write
 * begins a new run. The same holds at startup, since the last run of this node may have stopped
 * between a store write and its cache write.
 */
final class RedisCacheTrust {

  private final LongSupplier redisTimeMicros;

  private long lostWrites;
  private boolean writeLost = true;
  private volatile long trustedFrom = Long.MAX_VALUE;

  RedisCacheTrust(LongSupplier redisTimeMicros) {
    this.redisTimeMicros = redisTimeMicros;
  }

  /**
   * Only runs built at or after this Redis time (µs) may be trusted. Moves it to now first when a
   * write was lost and Redis answers again; throws when it does not. why: the outage's back-off
   * puts a retry interval between a lost write and the time read here.
   */
  long trustedFrom() {
    long lostBefore;
    synchronized (this) {
      if (!writeLost) {
        return trustedFrom;
      }
      lostBefore = lostWrites;
    }
    long now = redisTimeMicros.getAsLong();
    synchronized (this) {
      // why: a write lost while TIME was on its way may be missing from a run built after `now`
      if (lostWrites == lostBefore) {
        trustedFrom = now;
        writeLost = false;
      }
      return trustedFrom;
    }
  }

  /**
   * A write this node did not make (failed, or skipped while Redis is away): its run is suspect.
   */
  synchronized void writeLost() {
    lostWrites++;
    writeLost = true;
    trustedFrom = Long.MAX_VALUE;
  }
}
