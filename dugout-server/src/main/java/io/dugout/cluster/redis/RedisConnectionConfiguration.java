package io.dugout.cluster.redis;

import io.dugout.system.Backend;
import io.dugout.system.BackendOutage;
import io.dugout.system.ConditionalOnSelection;
import io.dugout.system.DugoutProperties;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.resource.Delay;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.data.redis.autoconfigure.ClientResourcesBuilderCustomizer;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientOptionsBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * What every Redis adapter of a node shares whenever the node uses Redis (for the history cache, in
 * cluster mode, or both: {@link DugoutProperties#uses}): the record of Redis' outages, which they
 * all report to, with its meters, and the {@link RedisRecovery} that ends them. A node starts
 * whether Redis answers or not: Redis only carries what can be rebuilt or done without (see {@code
 * docs/deploy.md}).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnSelection(uses = Backend.REDIS)
class RedisConnectionConfiguration {

  /** The first retry after Redis went away; each failed retry doubles the wait. */
  static final Duration FIRST_RETRY = Duration.ofMillis(250);

  /** The longest wait between two retries while Redis stays away. */
  static final Duration MAX_RETRY = Duration.ofSeconds(10);

  @Bean
  RedisRecovery redisRecovery(StringRedisTemplate redis, DugoutProperties properties) {
    String where =
        redis.getConnectionFactory() instanceof LettuceConnectionFactory lettuce
            ? lettuce.getHostName() + ":" + lettuce.getPort()
            : "spring.data.redis.url";
    var outage =
        new BackendOutage(
            "redis",
            "Redis at " + where,
            consequence(properties),
            FIRST_RETRY,
            MAX_RETRY,
            RedisRecovery::isOutage);
    return new RedisRecovery(redis, outage);
  }

  @Bean
  MeterBinder redisOutageMeters(RedisRecovery recovery) {
    return recovery.outage().meters();
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

  /**
   * Lettuce reconnects a dropped connection by itself, its waits doubling as Dugout's own retries
   * do; capped at {@link #MAX_RETRY} instead of Lettuce's 30 s, so that a node uses Redis again
   * within seconds of its return however long it was away.
   */
  @Bean
  ClientResourcesBuilderCustomizer reconnectWithinMaxRetry() {
    return resources ->
        resources.reconnectDelay(
            Delay.exponential(Duration.ZERO, MAX_RETRY, 2, TimeUnit.MILLISECONDS));
  }

  /** Times each Redis command in one timer per command ({@link RedisCommandTimes}). */
  @Bean
  ClientResourcesBuilderCustomizer timeRedisCommands(MeterRegistry registry) {
    return resources -> resources.commandLatencyRecorder(new RedisCommandTimes(registry));
  }

  /** What the node does without Redis, for the line that says Redis went away. */
  private static String consequence(DugoutProperties properties) {
    if (properties.mode() != DugoutProperties.Mode.CLUSTER) {
      return "history is read from the store and sends go on without the cache";
    }
    return "the node serves on without it: history is read from MongoDB, other nodes' messages"
        + " reach this node's subscribers from MongoDB within dugout.cluster.gap-check-interval,"
        + " sends that another node sequences get unavailable (a resend with the same clientMsgId"
        + " returns them once Redis is back), room events and typing are lost, and the send rate"
        + " limit counts per node";
  }
}
