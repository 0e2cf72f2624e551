package io.dugout.cluster.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.Applications;
import io.dugout.message.HistoryCache;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/** Which history cache a node uses is one property; Redis stays untouched unless it is chosen. */
class CacheSelectionTests {

  @TempDir Path dataDir;

  @Test
  void runsWithoutAnyCacheOrRedisConnectionByDefault() {
    try (var context = start()) {
      assertThat(context.getBean(HistoryCache.class)).isSameAs(HistoryCache.NONE);
      assertThat(context.getBeanNamesForType(RedisConnectionFactory.class)).isEmpty();
    }
  }

  @Test
  void refusesToStartWithAnUnknownCacheType() {
    assertThatThrownBy(() -> start("--dugout.cache.type=memcached").close())
        .hasStackTraceContaining("dugout.cache.type")
        .rootCause()
        .hasMessageContaining("memcached");
  }

  private ConfigurableApplicationContext start(String... args) {
    return Applications.start(dataDir, args);
  }
}
