package io.dugout.realtime;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The {@link SendRateLimit} of one node: a token bucket per user in memory, {@code
 * messagesPerSecond} sustained, up to {@code messageBurst} at once. Buckets of users with no open
 * session are dropped. Exact on one node; in a cluster each node counts only its own sessions.
 */
public final class LocalSendRateLimiter implements SendRateLimit {

  private final double perNano;
  private final double burst;
  private final LongSupplier nanoTime;
  private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

  public LocalSendRateLimiter(RealtimeProperties properties) {
    this(properties.messagesPerSecond(), properties.messageBurst(), System::nanoTime);
  }

  LocalSendRateLimiter(double messagesPerSecond, int messageBurst, LongSupplier nanoTime) {
    this.perNano = messagesPerSecond / 1e9;
    this.burst = messageBurst;
    this.nanoTime = nanoTime;
  }

  @Override
  public boolean tryAcquire(String userId) {
    long now = nanoTime.getAsLong();
    return buckets.computeIfAbsent(userId, u -> new Bucket(burst, now)).take(perNano, burst, now);
  }

  @Override
  public void forget(String userId) {
    buckets.remove(userId);
  }

  /** A bucket is held only to refill and take from it. */
  @Override
  public boolean triesWithoutWaiting() {
    return true;
  }

  private static final class Bucket {
    private double tokens;
    private long updatedAt;

    Bucket(double tokens, long now) {
      this.tokens = tokens;
      this.updatedAt = now;
    }

    synchronized boolean take(double perNano, double burst, long now) {
      tokens = Math.min(burst, tokens + (now - updatedAt) * perNano);
      updatedAt = now;
      if (tokens < 1) {
        return false;
      }
      tokens -= 1;
      return true;
    }
  }
}
