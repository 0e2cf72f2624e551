package io.dugout.cluster.redis;

import io.dugout.realtime.SendRateLimit;
import io.dugout.realtime.SendRateLimitContract;
import io.dugout.system.BackendOutage;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/** {@link SendRateLimitContract} on buckets in a real redis-server (the test JVM's shared one). */
class RedisSendRateLimiterTests extends SendRateLimitContract {

  private static LettuceConnectionFactory connection;
  private static StringRedisTemplate template;

  @BeforeAll
  static void connect() {
    connection = RedisProcess.shared().connect(Duration.ofSeconds(2));
    template = RedisProcess.template(connection);
  }

  @AfterAll
  static void disconnect() {
    connection.destroy();
  }

  @Override
  protected SendRateLimit limiter(double messagesPerSecond, int messageBurst) {
    return new RedisSendRateLimiter(
        template,
        messagesPerSecond,
        messageBurst,
        redisMustDecide(),
        new BackendOutage(
            "redis", "Redis", "a test", Duration.ofSeconds(1), Duration.ofSeconds(1)));
  }

  /** why: a node's own bucket would hide a Redis that does not answer; here Redis must. */
  private static SendRateLimit redisMustDecide() {
    return new SendRateLimit() {
      @Override
      public boolean tryAcquire(String userId) {
        throw new AssertionError("Redis did not decide; the node's own bucket was asked");
      }

      @Override
      public void forget(String userId) {}
    };
  }
}
