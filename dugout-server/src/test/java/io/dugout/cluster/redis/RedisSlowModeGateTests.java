package io.dugout.cluster.redis;

import io.dugout.moderation.SlowModeGate;
import io.dugout.moderation.SlowModeGateContract;
import io.dugout.system.BackendOutage;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** {@link SlowModeGateContract} on keys in a real redis-server (the test JVM's shared one). */
class RedisSlowModeGateTests extends SlowModeGateContract {

  private static org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory
      connection;
  private static org.springframework.data.redis.core.StringRedisTemplate template;
  private static SlowModeGate gate;

  @BeforeAll
  static void connect() {
    connection = RedisProcess.shared().connect(Duration.ofSeconds(2));
    template = RedisProcess.template(connection);
    gate =
        new RedisSlowModeGate(
            template,
            (room, user, interval) -> {
              throw new AssertionError("Redis did not decide; the node's own gate was asked");
            },
            new BackendOutage(
                "redis", "Redis", "a test", Duration.ofSeconds(1), Duration.ofSeconds(1)));
  }

  @AfterAll
  static void disconnect() {
    connection.destroy();
  }

  @Override
  protected SlowModeGate gate() {
    return gate;
  }

  @Override
  protected void pass(long millis) throws InterruptedException {
    Thread.sleep(millis);
  }
}
