package io.dugout.cluster.redis;

import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What this node knows about its trouble with Redis: when to try again after a failure, how many
 * failures there were, and which of the rooms' cached runs it can still trust.
 *
 * <p>A write that did not reach Redis leaves its room's run without its newest message, and the run
 * would then serve a stale newest page. So after a lost write, only runs built after Redis was
 * reached again are trusted ({@link #trustedFrom}, in Redis time): reads miss and the next write
 * begins a new run. The same holds at startup, since the last run of this node may have stopped
 * between a store write and its cache write.
 */
final class RedisOutages {

  private static final Logger log = LoggerFactory.getLogger(RedisOutages.class);
  private static final long WARN_EVERY = Duration.ofSeconds(30).toNanos();

  private final long backoffNanos;
  private final LongSupplier redisTimeMicros;
  private final LongAdder failures = new LongAdder();

  private long lostWrites;
  private boolean writeLost = true;
  private volatile long trustedFrom = Long.MAX_VALUE;
  private volatile long retryAt = System.nanoTime();
  private volatile boolean down;
  private volatile String lastError = "";
  private long lastWarning = System.nanoTime() - WARN_EVERY;
  private long unreported;

  RedisOutages(Duration backoff, LongSupplier redisTimeMicros) {
    this.backoffNanos = backoff.toNanos();
    this.redisTimeMicros = redisTimeMicros;
  }

  /** Whether to call Redis now; false for a short while after a failure, so callers never wait. */
  boolean tryNow() {
    return System.nanoTime() - retryAt >= 0;
  }

  /**
   * Only runs built at or after this Redis time (µs) may be trusted. Moves it to now first when a
   * write was lost and Redis answers again; throws when it does not. why: the backoff after a
   * failure puts at least a second between a lost write and the time read here.
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

  /** A write this node did not make (skipped while backing off): its room's run is now suspect. */
  synchronized void writeLost() {
    lostWrites++;
    writeLost = true;
    trustedFrom = Long.MAX_VALUE;
  }

  void succeeded() {
    if (down) {
      down = false;
      log.info("Redis history cache reachable again; rooms are cached anew as they are written");
    }
  }

  void failed(String operation, RuntimeException e, boolean wasWrite) {
    if (wasWrite) {
      writeLost();
    }
    failures.increment();
    down = true;
    lastError = operation + ": " + e;
    long now = System.nanoTime();
    retryAt = now + backoffNanos;
    synchronized (this) {
      if (now - lastWarning < WARN_EVERY) {
        unreported++;
        return;
      }
      lastWarning = now;
      log.warn(
          "Redis history cache failed ({}); history is read from the store and sends go on"
              + " without the cache ({} more failures since the last warning)",
          lastError,
          unreported);
      unreported = 0;
    }
  }

  long failures() {
    return failures.sum();
  }

  boolean down() {
    return down;
  }

  String lastError() {
    return lastError;
  }
}
