package io.dugout.cluster.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** {@code dugout.cache.redis.*} and {@code dugout.cluster.presence.*} as Spring binds them. */
class RedisPropertiesTests {

  private static final Map<String, String> CONFIGURED =
      Map.of(
          "dugout.cache.redis.messages-per-room", "50",
          "dugout.cache.redis.ttl", "1h",
          "dugout.cluster.presence.interval", "1s",
          "dugout.cluster.presence.ttl", "10s");

  @Test
  void keepsTwoHundredMessagesPerRoomForADayByDefault() {
    assertThat(bind(Map.of()).bindOrCreate("dugout.cache.redis", RedisCacheProperties.class))
        .isEqualTo(new RedisCacheProperties(200, Duration.ofDays(1)));
    assertThat(bind(CONFIGURED).bindOrCreate("dugout.cache.redis", RedisCacheProperties.class))
        .isEqualTo(new RedisCacheProperties(50, Duration.ofHours(1)));
  }

  @Test
  void sharesPresenceEveryQuarterSecondForThirtySecondsByDefault() {
    assertThat(
            bind(Map.of()).bindOrCreate("dugout.cluster.presence", RedisPresenceProperties.class))
        .isEqualTo(new RedisPresenceProperties(Duration.ofMillis(250), Duration.ofSeconds(30)));
    assertThat(
            bind(CONFIGURED).bindOrCreate("dugout.cluster.presence", RedisPresenceProperties.class))
        .isEqualTo(new RedisPresenceProperties(Duration.ofSeconds(1), Duration.ofSeconds(10)));
  }

  private static Binder bind(Map<String, String> properties) {
    return new Binder(new MapConfigurationPropertySource(properties));
  }
}
