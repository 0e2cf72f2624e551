package io.dugout.system;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A token bucket per user: {@code perSecond} sustained, up to {@code burst} at once. Exact on one
 * node; in a cluster each node counts what passes through it. Thread-safe. Memory is bounded: once
 * {@link #MAX_USERS} users have buckets, the buckets that have filled up again (users who stopped)
 * are dropped. A rate of 0 lets everything through.
 */
public final class UserRates {

  public static final int MAX_USERS = 100_000;

  private final double perSecond;
  private final double burst;
  private final Clock clock;
  private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

  public UserRates(double perSecond, double burst, Clock clock) {
    this.perSecond = perSecond;
    this.burst = burst;
    this.clock = clock;
  }

  /** Takes one from the user's allowance; false when there is none left now. */
  public boolean tryTake(String userId) {
    if (perSecond == 0) {
      return true;
    }
    double now = clock.millis() / 1000.0;
    if (buckets.size() >= MAX_USERS) {
      buckets.values().removeIf(b -> b.fullAt(now, perSecond, burst));
    }
    return buckets.computeIfAbsent(userId, u -> new Bucket(burst, now)).take(perSecond, burst, now);
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
