package io.dugout.cluster.redis;

import io.dugout.moderation.LocalSlowModeGate;
import io.dugout.moderation.SlowModeGate;
import io.dugout.realtime.LocalSendRateLimiter;
import io.dugout.realtime.RealtimeProperties;
import io.dugout.realtime.SendRateLimit;
import io.dugout.system.ConditionalOnSelection;
import io.dugout.system.DugoutProperties.Mode;
import io.lettuce.core.resource.ClientResources;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;
import org.springframework.util.backoff.BackOffExecution;

/**
 * Cluster mode ({@code dugout.mode=cluster}): live messages, answers and room events travel between
 * nodes over Redis Pub/Sub, on the connection Spring Boot builds from {@code spring.data.redis.*}.
 * A node starts while Redis is away and serves without it (see {@link RedisConnectionConfiguration}
 * and {@code docs/deploy.md}); its {@code fanout} health is DEGRADED until its channels are
 * subscribed.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnSelection(mode = Mode.CLUSTER)
class RedisFanoutConfiguration {

  /**
   * The fanout, with a listener container of its own (not a bean: Boot's annotation-driven
   * container is another one, for {@code @RedisListener} methods Dugout does not have).
   */
  @Bean(destroyMethod = "close")
  RedisFanout redisFanout(
      StringRedisTemplate redis, RedisConnectionFactory connections, RedisRecovery recovery) {
    var container = new RedisMessageListenerContainer();
    container.setConnectionFactory(connections);
    // why: hand messages on in the order Redis delivered them, on the connection's thread; the
    // receivers only enqueue (a thread per message, the default, would reorder them)
    container.setTaskExecutor(Runnable::run);
    // why: on a failed subscription the container would sleep 5 s and try again, for ever, on
    // the thread that asked (a SUBSCRIBE's, a starting node's); RedisChannels and RedisRecovery
    // try again instead, with the outage's back-off
    container.setRecoveryBackoff(() -> () -> BackOffExecution.STOP);
    container.afterPropertiesSet();
    container.start();
    var fanout = new RedisFanout(new RedisChannels(redis, container, recovery.outage()));
    recovery.whenReachable(fanout::relisten);
    return fanout;
  }

  /**
   * Closes the fanout's Pub/Sub container while Redis's connection factory is still open. why: the
   * factory is a lifecycle that closes its pool when the context stops, before any destroy method
   * runs, so a container closed only in its destroy method finds its connection gone ("Unable to
   * unsubscribe", "unreleased connections"). This stops after the sessions and the listener.
   */
  @Bean
  SmartLifecycle redisFanoutClose(RedisFanout fanout) {
    return new SmartLifecycle() {
      private volatile boolean running;

      @Override
      public void start() {
        running = true;
      }

      @Override
      public void stop() {
        fanout.close();
        running = false;
      }

      @Override
      public boolean isRunning() {
        return running;
      }

      @Override
      public int getPhase() {
        return Integer.MAX_VALUE - 8192;
      }
    };
  }

  @Bean(destroyMethod = "close")
  RedisRoomEvents redisRoomEvents(
      ApplicationEventPublisher events,
      RedisFanout fanout,
      ObjectProvider<ClientResources> lettuce) {
    var roomEvents = new RedisRoomEvents(fanout.channels(), events);
    lettuce.ifAvailable(resources -> roomEvents.watch(resources.eventBus()));
    fanout.listen(RedisRoomEvents.CHANNEL, roomEvents);
    return roomEvents;
  }

  @Bean(destroyMethod = "close")
  RedisAccessEvents redisAccessEvents(ApplicationEventPublisher events, RedisFanout fanout) {
    var accessEvents = new RedisAccessEvents(fanout.channels(), events);
    fanout.listen(RedisAccessEvents.CHANNEL, accessEvents);
    return accessEvents;
  }

  /**
   * Each user's send rate limit, shared by every node; each node's own count while Redis does not
   * answer.
   */
  @Bean
  SendRateLimit redisSendRateLimit(
      StringRedisTemplate redis, RealtimeProperties properties, RedisRecovery recovery) {
    return new RedisSendRateLimiter(
        redis,
        properties.messagesPerSecond(),
        properties.messageBurst(),
        new LocalSendRateLimiter(properties),
        recovery.outage());
  }

  /** Slow mode's intervals, shared by every node; each node's own while Redis does not answer. */
  @Bean
  SlowModeGate redisSlowModeGate(StringRedisTemplate redis, RedisRecovery recovery, Clock clock) {
    return new RedisSlowModeGate(redis, new LocalSlowModeGate(clock::millis), recovery.outage());
  }

  /**
   * {@code fanout} in {@code /actuator/health} and readiness: UP while Redis answers and this
   * node's channels are subscribed; DEGRADED (still ready) otherwise, when other nodes' messages
   * reach this node's clients late, from the store.
   */
  @Bean
  RedisHealth fanoutHealthIndicator(
      StringRedisTemplate redis, RedisRecovery recovery, RedisFanout fanout) {
    return new RedisHealth(redis, recovery.outage(), fanout::listening);
  }

  @Bean
  MeterBinder fanoutMeters(RedisFanout fanout) {
    return registry ->
        FunctionCounter.builder("dugout.cluster.fanout.failures", fanout, RedisFanout::failures)
            .description("Redis publishes and receipts of the fanout that failed (lost)")
            .register(registry);
  }
}
