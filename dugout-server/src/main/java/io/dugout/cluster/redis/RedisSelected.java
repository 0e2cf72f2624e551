package io.dugout.cluster.redis;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.PropertyResolver;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * The one rule for whether this node talks to Redis: {@code dugout.cache.type=redis} (the history
 * cache) or {@code dugout.mode=cluster} (fan-out between nodes). Boot's Redis auto-configuration
 * ({@link RedisAutoConfigurationFilter}) and what every Redis adapter shares ({@link
 * RedisConnectionConfiguration}) follow it.
 */
final class RedisSelected extends SpringBootCondition {

  static boolean in(PropertyResolver properties) {
    return "redis".equalsIgnoreCase(properties.getProperty("dugout.cache.type", "none"))
        || cluster(properties);
  }

  static boolean cluster(PropertyResolver properties) {
    return "cluster".equalsIgnoreCase(properties.getProperty("dugout.mode", "embedded"));
  }

  @Override
  public ConditionOutcome getMatchOutcome(
      ConditionContext context, AnnotatedTypeMetadata metadata) {
    return in(context.getEnvironment())
        ? ConditionOutcome.match("Redis is selected (history cache or cluster mode)")
        : ConditionOutcome.noMatch("neither dugout.cache.type=redis nor dugout.mode=cluster");
  }
}
