package io.dugout.cluster.redis;

import io.dugout.notification.LocalPresence;
import io.dugout.system.ConditionalOnSelection;
import io.dugout.system.DugoutProperties.Mode;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Cluster mode ({@code dugout.mode=cluster}): notifications reach their users' sessions on every
 * node over Redis Pub/Sub, and nodes share who is connected to them in Redis ({@code
 * dugout.cluster.presence.*}), so that the offline webhook and chat notifications see every node.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnSelection(mode = Mode.CLUSTER)
class RedisNotificationConfiguration {

  @Bean
  RedisNotificationFanout redisNotificationFanout(
      StringRedisTemplate redis, RedisFanout fanout, RedisRecovery recovery) {
    return new RedisNotificationFanout(
        new RedisChannels(redis, fanout.container(), recovery.outage()));
  }

  /** Takes the place of this node's own presence wherever presence is asked. */
  @Bean
  @Primary
  RedisPresence redisPresence(
      LocalPresence local,
      StringRedisTemplate redis,
      RedisNotificationFanout fanout,
      RedisPresenceProperties presence,
      RedisRecovery recovery) {
    return new RedisPresence(
        local, redis, fanout, presence.interval(), presence.ttl(), recovery.outage());
  }

  @Bean
  MeterBinder notificationFanoutMeters(RedisNotificationFanout fanout) {
    return registry ->
        FunctionCounter.builder(
                "dugout.cluster.notifications.fanout.failures",
                fanout,
                RedisNotificationFanout::failures)
            .description("Redis publishes and receipts of notifications that failed (lost)")
            .register(registry);
  }
}
