package io.dugout.cluster.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.realtime.SendRateLimit;
import io.dugout.system.BackendOutage;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The per-user send limit in Redis, on a real redis-server: one bucket for every node, and each
 * node's own bucket while Redis does not answer, without waiting for Redis on every send.
 */
class RedisSendRateLimiterAcrossNodesTests {

  private static final int BURST = 4;
  private static final double NO_REFILL = 0.001;

  @TempDir Path dir;
  private RedisProcess redis;
  private LettuceConnectionFactory connection;
  private StringRedisTemplate template;
  private final AtomicInteger fallbackCalls = new AtomicInteger();

  @BeforeEach
  void start() {
    redis = RedisProcess.start(dir);
    connection = redis.connect(Duration.ofMillis(250));
    template = RedisProcess.template(connection);
    // why: a cold client's first script call can outlast the 250 ms timeout; the tests start
    // with Redis answering
    Waits.until(() -> limiter().tryAcquire("warm-up"), Duration.ofSeconds(30), "Redis to answer");
    fallbackCalls.set(0);
  }

  @AfterEach
  void stop() {
    connection.destroy();
    redis.close();
  }

  @Test
  void twoNodesShareOneBucketPerUser() {
    var nodeA = limiter();
    var nodeB = limiter();

    assertThat(tries(nodeA, "alice", 3)).containsExactly(true, true, true);
    assertThat(tries(nodeB, "alice", 3)).containsExactly(true, false, false);
    assertThat(tries(nodeB, "bob", 1)).containsExactly(true);
    assertThat(fallbackCalls).hasValue(0);
  }

  @Test
  void limitsWithTheNodesOwnBucketWhileRedisIsDownAndUsesRedisAgainWhenItIsBack() {
    var node = limiter();
    assertThat(tries(node, "alice", BURST + 1)).endsWith(false);

    redis.stop();
    long started = System.nanoTime();
    var whileDown = tries(node, "alice", 20);
    Duration took = Duration.ofNanos(System.nanoTime() - started);

    assertThat(whileDown).as("the fallback's answers").containsOnly(false);
    assertThat(fallbackCalls).hasValue(20);
    // why: each call waiting for Redis' 250 ms timeout would take 5 s; after one failure the
    // limiter leaves Redis alone for the outage's back-off and asks only its own bucket meanwhile
    assertThat(took).isLessThan(Duration.ofMillis(2500));

    redis.startAgain(); // empty: its buckets start full
    Waits.until(() -> node.tryAcquire("alice"), Duration.ofSeconds(30), "Redis to answer again");
    int fallbackBefore = fallbackCalls.get();
    assertThat(tries(node, "alice", BURST)).containsExactly(true, true, true, false);
    assertThat(fallbackCalls).as("Redis decides again").hasValue(fallbackBefore);
  }

  private RedisSendRateLimiter limiter() {
    return new RedisSendRateLimiter(
        template,
        NO_REFILL,
        BURST,
        refusingFallback(),
        new BackendOutage(
            "redis", "Redis", "a test", Duration.ofMillis(500), Duration.ofSeconds(1)));
  }

  /** A node's own bucket that is always empty, so its answers are told apart from Redis'. */
  private SendRateLimit refusingFallback() {
    return new SendRateLimit() {
      @Override
      public boolean tryAcquire(String userId) {
        fallbackCalls.incrementAndGet();
        return false;
      }

      @Override
      public void forget(String userId) {}
    };
  }

  private static List<Boolean> tries(SendRateLimit limit, String userId, int count) {
    var results = new ArrayList<Boolean>();
    for (int i = 0; i < count; i++) {
      results.add(limit.tryAcquire(userId));
    }
    return results;
  }
}
