package io.dugout.realtime;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * A token bucket per user for STOMP message sends: {@code messagesPerSecond} sustained, up to
 * {@code messageBurst} at once. Buckets of users with no open session are dropped.
 */
@Component
class SendRateLimiter {

  private final double perNano;
  private final double burst;
  private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

  SendRateLimiter(RealtimeProperties properties) {
    this.perNano = properties.messagesPerSecond() / 1e9;
    this.burst = properties.messageBurst();
  }

  boolean tryAcquire(String userId) {
    return buckets
        .computeIfAbsent(userId, u -> new Bucket(burst))
        .take(perNano, burst, System.nanoTime());
  }

  void forget(String userId) {
    buckets.remove(userId);
  }

  private static final class Bucket {
    private double tokens;
    private long updatedAt = System.nanoTime();

    Bucket(double tokens) {
      this.tokens = tokens;
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
