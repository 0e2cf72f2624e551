package io.dugout.cluster.redis;

import io.dugout.realtime.LocalSendRateLimiter;
import io.dugout.realtime.RealtimeProperties;
import io.dugout.realtime.SendRateLimit;
import io.lettuce.core.ClientOptions;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientOptionsBuilderCustomizer;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;

/**
 * Cluster mode ({@code dugout.mode=cluster}): live messages, answers and room events travel between
 * nodes over Redis Pub/Sub, on the connection Spring Boot builds from {@code spring.data.redis.*}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "dugout.mode", havingValue = "cluster")
class RedisFanoutConfiguration {

  /**
   * The fanout, with a listener container of its own (not a bean: Boot's annotation-driven
   * container is another one, for {@code @RedisListener} methods Dugout does not have).
   */
  @Bean(destroyMethod = "close")
  RedisFanout redisFanout(StringRedisTemplate redis, RedisConnectionFactory connections) {
    var container = new RedisMessageListenerContainer();
    container.setConnectionFactory(connections);
    // why: hand messages on in the order Redis delivered them, on the connection's thread; the
    // receivers only enqueue (a thread per message, the default, would reorder them)
    container.setTaskExecutor(Runnable::run);
    container.afterPropertiesSet();
    container.start();
    return new RedisFanout(new RedisChannels(redis, container));
  }

  @Bean(destroyMethod = "close")
  RedisRoomEvents redisRoomEvents(
      StringRedisTemplate redis, ApplicationEventPublisher events, RedisFanout fanout) {
    var roomEvents = new RedisRoomEvents(redis, events);
    fanout.listen(RedisRoomEvents.CHANNEL, roomEvents);
    return roomEvents;
  }

  /**
   * Each user's send rate limit, shared by every node; each node's own count while Redis does not
   * answer.
   */
  @Bean
  SendRateLimit redisSendRateLimit(StringRedisTemplate redis, RealtimeProperties properties) {
    return new RedisSendRateLimiter(
        redis,
        properties.messagesPerSecond(),
        properties.messageBurst(),
        new LocalSendRateLimiter(properties));
  }

  /** A publish while Redis is down fails at once instead of waiting for the command timeout. */
  @Bean
  LettuceClientOptionsBuilderCustomizer fanoutRejectsCommandsWhileDisconnected() {
    return options ->
        options.disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS);
  }

  @Bean
  MeterBinder fanoutMeters(RedisFanout fanout) {
    return registry ->
        FunctionCounter.builder("dugout.cluster.fanout.failures", fanout, RedisFanout::failures)
            .description("Redis publishes and receipts of the fanout that failed (lost)")
            .register(registry);
  }
}
