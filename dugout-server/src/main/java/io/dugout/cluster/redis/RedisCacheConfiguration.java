package io.dugout.cluster.redis;

import io.dugout.system.ConditionalOnSelection;
import io.dugout.system.DugoutProperties.CacheType;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Selects the Redis history cache when {@code dugout.cache.type=redis}, on the connection Spring
 * Boot builds from {@code spring.data.redis.*}. Works with either store, and starts whether Redis
 * answers or not: a cache that is away never changes an answer, only its speed.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnSelection(cache = CacheType.REDIS)
class RedisCacheConfiguration {

  private static final Logger log = LoggerFactory.getLogger(RedisCacheConfiguration.class);

  /**
   * why: the node no longer refuses to start without Redis (a crashed node would stay down for as
   * long as its cache did); a wrong address shows as the one WARN line of {@link RedisRecovery}'s
   * first ping, {@code historyCache} DEGRADED and {@code dugout.backend.down{backend=redis}} at 1.
   */
  @Bean
  RedisHistoryCache redisHistoryCache(
      StringRedisTemplate redis, RedisCacheProperties settings, RedisRecovery recovery) {
    var cache =
        new RedisHistoryCache(redis, settings.messagesPerRoom(), settings.ttl(), recovery.outage());
    log.info(
        "Cache: Redis history cache ({} newest messages per room, kept {} after the last write)",
        settings.messagesPerRoom(),
        settings.ttl());
    return cache;
  }

  /** {@code historyCache} in {@code /actuator/health} and readiness: UP, or DEGRADED. */
  @Bean
  RedisHealth historyCacheHealthIndicator(StringRedisTemplate redis, RedisRecovery recovery) {
    return new RedisHealth(redis, recovery.outage(), () -> true);
  }

  @Bean
  MeterBinder historyCacheMeters(RedisHistoryCache cache) {
    return registry -> {
      FunctionCounter.builder("dugout.cache.reads", cache, RedisHistoryCache::hits)
          .tag("result", "hit")
          .description("history pages answered from Redis")
          .register(registry);
      FunctionCounter.builder("dugout.cache.reads", cache, RedisHistoryCache::misses)
          .tag("result", "miss")
          .description("history pages the cache could not answer exactly (read from the store)")
          .register(registry);
      FunctionCounter.builder("dugout.cache.failures", cache, RedisHistoryCache::failures)
          .description("Redis commands of the history cache that failed or timed out")
          .register(registry);
    };
  }
}
