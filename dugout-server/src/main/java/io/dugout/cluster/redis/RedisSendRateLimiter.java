package io.dugout.cluster.redis;

import io.dugout.realtime.SendRateLimit;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * The {@link SendRateLimit} of a cluster: each user's token bucket in Redis ({@code
 * dugout:send-rate:{user}}, one Lua script per send, refilled on Redis' clock), so the limit holds
 * over the user's sessions on every node. Approximate only in that a send racing a refill may see
 * the bucket a moment early or late.
 *
 * <p>While Redis does not answer, each node limits with its own local bucket ({@code fallback}): a
 * user may then send up to the limit once per node, never without limit, and no send waits for
 * Redis beyond a short back-off after a failure.
 */
final class RedisSendRateLimiter implements SendRateLimit {

  private static final Logger log = LoggerFactory.getLogger(RedisSendRateLimiter.class);
  private static final RedisScript<Long> TAKE =
      RedisScript.of(new ClassPathResource("io/dugout/cluster/redis/send-rate.lua"), Long.class);
  private static final long BACKOFF = Duration.ofSeconds(1).toNanos();

  private final StringRedisTemplate redis;
  private final String rate;
  private final String burst;
  private final SendRateLimit fallback;
  private volatile long retryAt = System.nanoTime();

  RedisSendRateLimiter(
      StringRedisTemplate redis,
      double messagesPerSecond,
      int messageBurst,
      SendRateLimit fallback) {
    this.redis = redis;
    this.rate = Double.toString(messagesPerSecond);
    this.burst = Integer.toString(messageBurst);
    this.fallback = fallback;
  }

  @Override
  public boolean tryAcquire(String userId) {
    if (System.nanoTime() - retryAt >= 0) {
      try {
        Long taken = redis.execute(TAKE, List.of("dugout:send-rate:" + userId), rate, burst);
        return taken != null && taken == 1L;
      } catch (RuntimeException e) {
        retryAt = System.nanoTime() + BACKOFF;
        log.warn("Redis did not answer the send rate limit; limiting per node ({})", e.toString());
      }
    }
    return fallback.tryAcquire(userId);
  }

  @Override
  public void forget(String userId) {
    fallback.forget(userId);
  }
}
