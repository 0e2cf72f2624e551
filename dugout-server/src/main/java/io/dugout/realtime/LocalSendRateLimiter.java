package io.dugout.realtime;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * A token bucket per user for STOMP message sends: {@code messagesPerSecond} sustained, up to
 * {@code messageBurst} at once. Buckets of users with no open session are dropped.
 */
@Component
class SendRateLimiter {

  private final double perNano;
  private final double burst;
  private final LongSupplier nanoTime;
  private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

  @Autowired
  SendRateLimiter(RealtimeProperties properties) {
    this(properties.messagesPerSecond(), properties.messageBurst(), System::nanoTime);
  }

  SendRateLimiter(double messagesPerSecond, int messageBurst, LongSupplier nanoTime) {
    this.perNano = messagesPerSecond / 1e9;
    this.burst = messageBurst;
    this.nanoTime = nanoTime;
  }

  boolean tryAcquire(String userId) {
    long now = nanoTime.getAsLong();
    return buckets.computeIfAbsent(userId, u -> new Bucket(burst, now)).take(perNano, burst, now);
  }

  void forget(String userId) {
    buckets.remove(userId);
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
