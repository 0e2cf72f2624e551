package io.dugout.cluster.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.message.Fanout;
import io.dugout.message.Message;
import io.dugout.message.MessageKind;
import io.dugout.realtime.SendRateLimit;
import io.dugout.system.BackendOutage;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * A node's Redis killed and started again, on a real redis-server, with every Redis user of the
 * node calling it meanwhile (the history cache, the send rate limit, Pub/Sub publishes, the health
 * check, the recovery thread): one WARN line when it goes, one INFO line when it is back, tries at
 * a backed-off pace instead of one per call, the outage counted; and channels a node listened to
 * while Redis was away are subscribed once it answers.
 */
@ExtendWith(OutputCaptureExtension.class)
class RedisReconnectTests {

  private static final String ROOM = "0193f6c2-0000-7000-8000-00000000e001";

  @TempDir Path dir;
  private RedisProcess redis;
  private LettuceConnectionFactory connection;
  private StringRedisTemplate template;
  private BackendOutage outage;
  private RedisRecovery recovery;

  @BeforeEach
  void start() {
    redis = RedisProcess.start(dir);
    connection = redis.connect(Duration.ofMillis(500));
    template = RedisProcess.template(connection);
    outage =
        new BackendOutage(
            "redis",
            "Redis at " + redis.url(),
            "a test goes on without it",
            Duration.ofMillis(100),
            Duration.ofMillis(800));
    recovery = new RedisRecovery(template, outage);
  }

  @AfterEach
  void stop() {
    recovery.stop();
    connection.destroy();
    redis.close();
  }

  @Test
  void anOutageIsOneWarningAndOneInfoLineAndIsTriedAtABackedOffPace(CapturedOutput output) {
    var registry = new SimpleMeterRegistry();
    outage.meters().bindTo(registry);
    var cache = new RedisHistoryCache(template, 100, Duration.ofHours(1), outage);
    var limiter = new RedisSendRateLimiter(template, 100, 100, everyone(), outage);
    var fanout = new RedisFanoutConfiguration().redisFanout(template, connection, recovery);
    var health = new RedisHealth(template, outage, () -> true);
    // why: a cold client's first command can outlast the timeout; this test's outage comes later
    Waits.until(this::answersPing, Duration.ofSeconds(30), "Redis to answer");
    long failuresBefore = outage.failures();

    redis.stop();
    int calls = 0;
    long until = System.nanoTime() + Duration.ofSeconds(3).toNanos();
    for (long seq = 1; System.nanoTime() < until; seq++) {
      cache.stored(message(seq));
      cache.before(ROOM, Long.MAX_VALUE, 10).page();
      limiter.tryAcquire("alice");
      fanout.publish(message(seq));
      health.health();
      recovery.tick();
      calls += 6;
      Waits.sleep(Duration.ofMillis(2));
    }

    assertThat(outage.down()).isTrue();
    assertThat(registry.get("dugout.backend.down").tag("backend", "redis").gauge().value())
        .isEqualTo(1.0);
    // one try at once, then after 100, 200, 400, 800, 800 ms: a handful, not one per call
    assertThat(outage.failures() - failuresBefore).isBetween(1L, 12L);
    assertThat(calls).isGreaterThan(200);

    redis.startAgain();
    Waits.until(
        () -> {
          recovery.tick();
          return !outage.down();
        },
        Duration.ofSeconds(30),
        "the recovery to find Redis back");
    for (long seq = 1; seq <= 20; seq++) {
      cache.stored(message(1000 + seq));
      limiter.tryAcquire("alice");
    }

    String redisAt = "Redis at " + redis.url();
    assertThat(lines(output, redisAt + " is unreachable")).hasSize(1);
    assertThat(lines(output, redisAt + " is unreachable").getFirst()).contains("WARN");
    assertThat(lines(output, redisAt + " answers again")).hasSize(1);
    assertThat(lines(output, redisAt + " answers again").getFirst()).contains("INFO");
    assertThat(lines(output, " WARN ").stream().filter(line -> line.contains("io.dugout")))
        .as("no other warning of Dugout's")
        .hasSize(1);
    assertThat(output.getAll()).doesNotContain("more within 30 s not logged");
    assertThat(registry.get("dugout.backend.outages").tag("backend", "redis").functionCounter())
        .satisfies(counter -> assertThat(counter.count()).isEqualTo(1.0));
    assertThat(registry.get("dugout.backend.down").tag("backend", "redis").gauge().value())
        .isZero();
    assertThat(health.health().getStatus().getCode()).isEqualTo("UP");
  }

  @Test
  void aNodeThatStartsWhileRedisIsAwayHearsItsChannelsOnceItAnswers() throws Exception {
    redis.stop();
    recovery.tick();
    var node = new RedisFanoutConfiguration().redisFanout(template, connection, recovery);
    var published = new LinkedBlockingQueue<Message>();
    var answered = new LinkedBlockingQueue<Fanout.Answer>();

    long started = System.nanoTime();
    node.start("node-a", receiver(published, answered));
    boolean followed = node.follow(ROOM);
    assertThat(Duration.ofNanos(System.nanoTime() - started))
        .as("no wait for a Redis known to be away")
        .isLessThan(Duration.ofSeconds(5));
    assertThat(followed).as("subscribed later, not now").isFalse();
    assertThat(node.listening()).isFalse();

    redis.startAgain();
    Waits.until(
        () -> {
          recovery.tick();
          return node.listening();
        },
        Duration.ofSeconds(30),
        "the node's channels to be subscribed");

    var otherConnection = redis.connect(Duration.ofSeconds(2));
    var otherOutage =
        new BackendOutage("redis", "Redis", "-", Duration.ofMillis(100), Duration.ofMillis(100));
    var other =
        new RedisFanoutConfiguration()
            .redisFanout(
                RedisProcess.template(otherConnection),
                otherConnection,
                new RedisRecovery(RedisProcess.template(otherConnection), otherOutage));
    try {
      other.publish(message(7));
      other.answer("node-a", new Fanout.Answer("request-1", message(7), true));
      assertThat(published.poll(10, TimeUnit.SECONDS))
          .as("the room followed meanwhile")
          .isEqualTo(message(7));
      assertThat(answered.poll(10, TimeUnit.SECONDS))
          .as("the node's own channel")
          .extracting(Fanout.Answer::requestId)
          .isEqualTo("request-1");
    } finally {
      other.close();
      node.close();
      otherConnection.destroy();
    }
  }

  private static Fanout.Receiver receiver(
      LinkedBlockingQueue<Message> published, LinkedBlockingQueue<Fanout.Answer> answered) {
    return new Fanout.Receiver() {
      @Override
      public void published(Message message) {
        published.add(message);
      }

      @Override
      public void answered(Fanout.Answer answer) {
        answered.add(answer);
      }
    };
  }

  private boolean answersPing() {
    try {
      template.execute((org.springframework.data.redis.core.RedisCallback<String>) c -> c.ping());
      return true;
    } catch (RuntimeException e) {
      return false;
    }
  }

  private static Message message(long seq) {
    return new Message(
        ROOM,
        seq,
        "alice",
        MessageKind.TEXT,
        "m" + seq,
        List.of(),
        "c-" + seq,
        Instant.parse("2026-11-22T04:01:02Z").plusSeconds(seq));
  }

  private static SendRateLimit everyone() {
    return new SendRateLimit() {
      @Override
      public boolean tryAcquire(String userId) {
        return true;
      }

      @Override
      public void forget(String userId) {}
    };
  }

  private static List<String> lines(CapturedOutput output, String text) {
    return output.getAll().lines().filter(line -> line.contains(text)).toList();
  }
}
