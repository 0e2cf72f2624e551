package io.dugout.cluster.redis;

import io.dugout.system.BackendUnreachable;
import io.dugout.system.DugoutProperties;
import io.lettuce.core.ClientOptions;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientOptionsBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnectionCommands;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Selects the Redis history cache when {@code dugout.cache.type=redis}, on the connection Spring
 * Boot builds from {@code spring.data.redis.*}. Works with either store.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "dugout.cache.type", havingValue = "redis")
class RedisCacheConfiguration {

  private static final Logger log = LoggerFactory.getLogger(RedisCacheConfiguration.class);

  /** How long the cache leaves Redis alone after a failure, so that no send waits on it. */
  static final Duration FAILURE_BACKOFF = Duration.ofSeconds(1);

  /** How long a starting node tries to reach Redis before it gives up. */
  static final Duration STARTUP_WAIT = Duration.ofSeconds(10);

  @Bean
  RedisHistoryCache redisHistoryCache(StringRedisTemplate redis, DugoutProperties properties) {
    requireReachable(redis);
    var settings = properties.cache().redis();
    var cache =
        new RedisHistoryCache(redis, settings.messagesPerRoom(), settings.ttl(), FAILURE_BACKOFF);
    log.info(
        "Cache: Redis history cache ({} newest messages per room, kept {} after the last write)",
        settings.messagesPerRoom(),
        settings.ttl());
    return cache;
  }

  /**
   * why: a node that starts against a wrong Redis address would run degraded for ever without
   * anyone noticing; failing the start names the mistake. Once running, an outage only degrades.
   * The first connection of a JVM is slow (and the connect timeout short), so it tries for a while.
   */
  private static void requireReachable(StringRedisTemplate redis) {
    long deadline = System.nanoTime() + STARTUP_WAIT.toNanos();
    while (true) {
      try {
        redis.execute((RedisCallback<String>) RedisConnectionCommands::ping);
        return;
      } catch (RuntimeException e) {
        if (System.nanoTime() > deadline) {
          String where =
              redis.getConnectionFactory() instanceof LettuceConnectionFactory lettuce
                  ? lettuce.getHostName() + ":" + lettuce.getPort()
                  : "spring.data.redis.url";
          throw new BackendUnreachable("Redis", where, e);
        }
        LockSupport.parkNanos(Duration.ofMillis(250).toNanos());
      }
    }
  }

  /**
   * Fails a command at once while the connection is down instead of queueing it until it times out:
   * a send never waits for Redis to come back.
   */
  @Bean
  LettuceClientOptionsBuilderCustomizer rejectCommandsWhileDisconnected() {
    return options ->
        options.disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS);
  }

  @Bean
  RedisCacheHealth historyCacheHealthIndicator(StringRedisTemplate redis, RedisHistoryCache cache) {
    return new RedisCacheHealth(redis, cache.outages());
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
      FunctionCounter.builder("dugout.cache.failures", cache, c -> c.outages().failures())
          .description("Redis commands of the history cache that failed or timed out")
          .register(registry);
    };
  }
}
