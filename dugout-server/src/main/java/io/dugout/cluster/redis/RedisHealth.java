package io.dugout.cluster.redis;

import io.dugout.system.BackendOutage;
import java.util.function.BooleanSupplier;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * A part of {@code /actuator/health} that runs on Redis but works without it, slower or with less
 * ({@code historyCache}, {@code fanout}): UP while Redis answers a {@code PING} and {@code ready}
 * holds (the Pub/Sub connection listens, say), {@link BackendOutage#DEGRADED} otherwise. why:
 * readiness counts DEGRADED as ready, so a node whose Redis is away keeps its traffic; Boot's own
 * Redis indicator, which would turn it DOWN, is left out. The ping is a try like any other: while
 * Redis is away it is made only when the outage's back-off allows, and the answer is at once.
 */
final class RedisHealth implements HealthIndicator {

  private final StringRedisTemplate redis;
  private final BackendOutage outage;
  private final BooleanSupplier ready;

  RedisHealth(StringRedisTemplate redis, BackendOutage outage, BooleanSupplier ready) {
    this.redis = redis;
    this.outage = outage;
    this.ready = ready;
  }

  @Override
  public Health health() {
    if (outage.tryNow()) {
      RedisRecovery.ping(redis, outage);
    }
    return outage.down() || !ready.getAsBoolean()
        ? Health.status(BackendOutage.DEGRADED).build()
        : Health.up().build();
  }
}
