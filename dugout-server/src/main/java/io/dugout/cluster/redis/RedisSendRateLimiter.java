package io.dugout.cluster.redis;

import io.dugout.realtime.SendRateLimit;
import io.dugout.system.BackendOutage;
import java.util.List;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * The {@link SendRateLimit} of a cluster: each user's token bucket in Redis ({@code
 * dugout:send-rate:{user}}, one Lua script per send, refilled on Redis' clock), so the limit holds
 * over the user's sessions on every node. Approximate only in that a send racing a refill may see
 * the bucket a moment early or late.
 *
 * <p>While Redis does not answer, each node limits with its own local bucket ({@code fallback}): a
 * user may then send up to the limit once per node, never without limit, and no send waits for a
 * Redis known to be away (the node's Redis {@link BackendOutage} lets one try through at a time).
 */
final class RedisSendRateLimiter implements SendRateLimit {

  private static final RedisScript<Long> TAKE = LuaScripts.of("send-rate.lua", Long.class);

  private final StringRedisTemplate redis;
  private final String rate;
  private final String burst;
  private final SendRateLimit fallback;
  private final BackendOutage outage;

  RedisSendRateLimiter(
      StringRedisTemplate redis,
      double messagesPerSecond,
      int messageBurst,
      SendRateLimit fallback,
      BackendOutage outage) {
    this.redis = redis;
    this.rate = Double.toString(messagesPerSecond);
    this.burst = Integer.toString(messageBurst);
    this.fallback = fallback;
    this.outage = outage;
  }

  @Override
  public boolean tryAcquire(String userId) {
    if (outage.tryNow()) {
      try {
        Long taken = redis.execute(TAKE, List.of("dugout:send-rate:" + userId), rate, burst);
        outage.succeeded();
        return taken != null && taken == 1L;
      } catch (RuntimeException e) {
        outage.failed(e);
      }
    }
    return fallback.tryAcquire(userId);
  }

  @Override
  public void forget(String userId) {
    fallback.forget(userId);
  }
}
