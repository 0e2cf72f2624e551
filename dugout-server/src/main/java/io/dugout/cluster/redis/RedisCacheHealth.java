package io.dugout.cluster.redis;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The history cache's part of {@code /actuator/health}: UP, or DEGRADED while Redis does not
 * answer. why: DEGRADED is not in Boot's status order, so it never turns the node's overall health
 * or readiness DOWN; without the cache the node is slower, not broken. Replaces Boot's own Redis
 * health indicator, which would.
 */
final class RedisCacheHealth implements HealthIndicator {

  static final Status DEGRADED = new Status("DEGRADED", "history is read from the store");

  private final StringRedisTemplate redis;
  private final RedisOutages outages;

  RedisCacheHealth(StringRedisTemplate redis, RedisOutages outages) {
    this.redis = redis;
    this.outages = outages;
  }

  @Override
  public Health health() {
    try {
      redis.execute((RedisCallback<String>) c -> c.ping());
      return Health.up().withDetail("failures", outages.failures()).build();
    } catch (RuntimeException e) {
      return Health.status(DEGRADED)
          .withDetail("failures", outages.failures())
          .withDetail("error", e.toString())
          .build();
    }
  }
}
