package io.dugout.cluster.redis;

import io.dugout.moderation.SlowModeGate;
import io.dugout.system.BackendOutage;
import java.time.Duration;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The {@link SlowModeGate} of a cluster: one key per (room, user), {@code
 * dugout:slow:{room}:{user}}, taken with {@code SET NX PX interval}, so Redis decides atomically
 * which of a member's sends through any node passes, and forgets the key when the interval ends. A
 * refused send learns the wait from the key's {@code PTTL}.
 *
 * <p>While Redis does not answer, each node decides with its own gate ({@code fallback}): a member
 * may then send once per interval per node, never without limit, and no send waits for a Redis
 * known to be away.
 */
final class RedisSlowModeGate implements SlowModeGate {

  private final StringRedisTemplate redis;
  private final SlowModeGate fallback;
  private final BackendOutage outage;

  RedisSlowModeGate(StringRedisTemplate redis, SlowModeGate fallback, BackendOutage outage) {
    this.redis = redis;
    this.fallback = fallback;
    this.outage = outage;
  }

  @Override
  public long tryPass(String roomId, String userId, long intervalMillis) {
    if (outage.tryNow()) {
      try {
        long wait = take("dugout:slow:{" + roomId + "}:" + userId, intervalMillis);
        outage.succeeded();
        return wait;
      } catch (RuntimeException e) {
        outage.failed(e);
      }
    }
    return fallback.tryPass(roomId, userId, intervalMillis);
  }

  private long take(String key, long intervalMillis) {
    var ops = redis.opsForValue();
    // why: bounded: a key that expires between SET and PTTL is taken again, at most twice
    for (int attempt = 0; attempt < 2; attempt++) {
      Boolean set = ops.setIfAbsent(key, "1", Duration.ofMillis(intervalMillis));
      if (Boolean.TRUE.equals(set)) {
        return 0;
      }
      Long left = redis.getExpire(key, java.util.concurrent.TimeUnit.MILLISECONDS);
      if (left != null && left > 0) {
        return left;
      }
    }
    return 1;
  }
}
