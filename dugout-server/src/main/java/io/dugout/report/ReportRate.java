package io.dugout.report;

import io.dugout.system.DugoutException;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How many reports a user may file: {@code dugout.reports.rate} an hour sustained, up to {@code
 * burst} at once; a token bucket per user. Exact on one node; in a cluster each node counts the
 * reports filed through it. Thread-safe; at most {@link #MAX_USERS} buckets, past which those that
 * filled up again are dropped.
 */
final class ReportRate {

  static final int MAX_USERS = 100_000;

  private final double perSecond;
  private final double burst;
  private final Clock clock;
  private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

  ReportRate(ReportProperties properties, Clock clock) {
    this.perSecond = properties.rate() / 3600.0;
    this.burst = properties.burst();
    this.clock = clock;
  }

  /**
   * Takes one report from the user's allowance.
   *
   * @throws DugoutException {@code rate_limited} (429) when there is none left now
   */
  void acquire(String userId) {
    if (perSecond == 0) {
      return;
    }
    double now = clock.millis() / 1000.0;
    if (buckets.size() >= MAX_USERS) {
      buckets.values().removeIf(b -> b.fullAt(now, perSecond, burst));
    }
    if (!buckets.computeIfAbsent(userId, u -> new Bucket(burst, now)).take(perSecond, burst, now)) {
      throw DugoutException.rateLimited(
          "too many reports: at most "
              + Math.round(perSecond * 3600)
              + " an hour (dugout.reports.rate); try again later");
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
