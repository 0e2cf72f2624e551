package io.dugout.file;

import io.dugout.auth.Caller;
import io.dugout.system.DugoutException;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How many upload slots a user may open: {@code dugout.files.upload-rate} a minute sustained, up to
 * {@code upload-burst} at once; a token bucket per user, as the STOMP send rate keeps. Service
 * tokens are not limited. Exact on one node; in a cluster each node counts the slots opened on it
 * (so a user behind a load balancer that spreads requests gets up to that many times the rate).
 *
 * <p>Thread-safe. Memory is bounded: once {@link #MAX_USERS} users have buckets, buckets that have
 * filled up again (users who stopped uploading) are dropped.
 */
final class UploadRate {

  static final int MAX_USERS = 100_000;

  private final double perSecond;
  private final double burst;
  private final Clock clock;
  private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

  UploadRate(FileProperties properties, Clock clock) {
    this.perSecond = properties.uploadRate() / 60.0;
    this.burst = properties.uploadBurst();
    this.clock = clock;
  }

  /**
   * Takes one slot from the caller's allowance.
   *
   * @throws DugoutException {@code rate_limited} (429) when there is none left now
   */
  void acquire(Caller caller) {
    if (perSecond == 0 || caller.service()) {
      return;
    }
    double now = clock.millis() / 1000.0;
    if (buckets.size() >= MAX_USERS) {
      buckets.values().removeIf(b -> b.fullAt(now, perSecond, burst));
    }
    if (!buckets
        .computeIfAbsent(caller.userId(), u -> new Bucket(burst, now))
        .take(perSecond, burst, now)) {
      throw DugoutException.rateLimited(
          "too many uploads: at most "
              + Math.round(perSecond * 60)
              + " a minute (dugout.files.upload-rate); try again in a few seconds");
    }
  }

  private static final class Bucket {
    private double tokens;
    private double updatedAt;

    Bucket(double tokens, double now) {
      this.tokens = tokens;
      this.updatedAt = now;
    }

    synchronized boolean take(double perSecond, double burst, double now) {
      tokens = Math.min(burst, tokens + Math.max(0, now - updatedAt) * perSecond);
      updatedAt = Math.max(updatedAt, now);
      if (tokens < 1) {
        return false;
      }
      tokens -= 1;
      return true;
    }

    synchronized boolean fullAt(double now, double perSecond, double burst) {
      return tokens + Math.max(0, now - updatedAt) * perSecond >= burst;
    }
  }
}
