package io.dugout.cluster.redis;

import org.springframework.boot.autoconfigure.AutoConfigurationImportFilter;
import org.springframework.boot.autoconfigure.AutoConfigurationMetadata;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;

/**
 * Leaves Spring Boot's Redis auto-configuration out unless {@code dugout.cache.type=redis} or
 * {@code dugout.mode=cluster}, and its Redis health indicator out always. why: with Lettuce on the
 * class path Boot would otherwise build a connection factory on every node and report the node DOWN
 * when no Redis runs at {@code localhost:6379}; and with the cache on, an unreachable Redis makes
 * reads slower, not the node unhealthy ({@link RedisHealth} reports it instead). The rule is {@link
 * RedisSelected}'s. Registered in {@code META-INF/spring.factories}.
 */
public final class RedisAutoConfigurationFilter
    implements AutoConfigurationImportFilter, EnvironmentAware {

  private static final String BOOT_REDIS = "org.springframework.boot.data.redis.";
  private static final String BOOT_REDIS_HEALTH = BOOT_REDIS + "autoconfigure.health.";

  private Environment environment;

  @Override
  public void setEnvironment(Environment environment) {
    this.environment = environment;
  }

  @Override
  public boolean[] match(String[] autoConfigurationClasses, AutoConfigurationMetadata metadata) {
    boolean redisSelected = RedisSelected.in(environment);
    boolean[] matches = new boolean[autoConfigurationClasses.length];
    for (int i = 0; i < matches.length; i++) {
      String candidate = autoConfigurationClasses[i];
      matches[i] =
          candidate == null
              || !candidate.startsWith(BOOT_REDIS)
              || (redisSelected && !candidate.startsWith(BOOT_REDIS_HEALTH));
    }
    return matches;
  }
}
