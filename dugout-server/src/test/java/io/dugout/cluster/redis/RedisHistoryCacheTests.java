package io.dugout.cluster.redis;

import io.dugout.message.HistoryCache;
import io.dugout.message.HistoryCacheContract;
import io.dugout.system.BackendOutage;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/** The history cache contract on a real redis-server. */
class RedisHistoryCacheTests extends HistoryCacheContract {

  @TempDir static Path dir;
  private static RedisProcess redis;
  private static LettuceConnectionFactory connection;
  private static StringRedisTemplate template;

  @BeforeAll
  static void startRedis() {
    redis = RedisProcess.start(dir);
    connection = redis.connect(Duration.ofSeconds(2));
    template = RedisProcess.template(connection);
  }

  @AfterAll
  static void stopRedis() {
    connection.destroy();
    redis.close();
  }

  @Override
  protected HistoryCache open(int messagesPerRoom) {
    forgetEverything();
    return new RedisHistoryCache(
        template,
        messagesPerRoom,
        Duration.ofHours(1),
        new BackendOutage(
            "redis", "Redis", "a test", Duration.ofSeconds(1), Duration.ofSeconds(1)));
  }

  @Override
  protected void forgetEverything() {
    template.execute(
        (org.springframework.data.redis.core.RedisCallback<Void>)
            c -> {
              c.serverCommands().flushAll();
              return null;
            });
  }

  @Override
  protected void close() {}
}
