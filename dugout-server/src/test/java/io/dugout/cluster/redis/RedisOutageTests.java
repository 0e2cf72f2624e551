package io.dugout.cluster.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.message.Message;
import io.dugout.message.MessageKind;
import io.dugout.system.BackendOutage;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The cache while its Redis is killed, restarted with its old data, or hangs: writes go on without
 * waiting, reads miss instead of answering wrong, and the cache fills again once Redis is back.
 */
class RedisOutageTests {

  private static final String ROOM = "0193f6c2-0000-7000-8000-00000000d001";
  private static final Duration TIMEOUT = Duration.ofMillis(250);

  @TempDir Path dir;
  private RedisProcess redis;
  private LettuceConnectionFactory connection;
  private StringRedisTemplate template;
  private BackendOutage outage;
  private RedisHistoryCache cache;
  private RedisHealth health;
  private final List<Message> store = new ArrayList<>();

  @BeforeEach
  void start() {
    redis = RedisProcess.start(dir);
    connection = redis.connect(TIMEOUT);
    template = RedisProcess.template(connection);
    outage =
        new BackendOutage(
            "redis", "Redis", "a test", Duration.ofMillis(200), Duration.ofMillis(200));
    cache = new RedisHistoryCache(template, 100, Duration.ofHours(1), outage);
    health = new RedisHealth(template, outage, () -> true);
  }

  @AfterEach
  void stop() {
    connection.destroy();
    redis.close();
  }

  @Test
  void answersStayRightWhileRedisIsDownAndTheCacheRefillsWhenItComesBack() {
    append(20);
    assertThat(cache.before(ROOM, Long.MAX_VALUE, 10).page()).contains(page(Long.MAX_VALUE, 10));
    template.execute((RedisCallback<Void>) c -> saved(c));

    redis.stop();
    long started = System.nanoTime();
    append(5); // seqs 21..25 reach the store only
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(1));
    assertThat(cache.before(ROOM, Long.MAX_VALUE, 10).page()).isEmpty();
    assertThat(health.health().getStatus()).isEqualTo(BackendOutage.DEGRADED);
    assertThat(cache.failures()).isPositive();

    redis.startAgain(); // with seqs 1..20 from its last save, and nothing of 21..25
    Waits.until(
        () -> health.health().getStatus().getCode().equals("UP"),
        Duration.ofSeconds(30),
        "the connection to come back");
    Waits.sleep(Duration.ofMillis(300)); // past the backoff

    assertThat(cache.before(ROOM, Long.MAX_VALUE, 10).page()).isEmpty();
    assertThat(cache.before(ROOM, 21, 10).page()).isEmpty();
    append(1);
    var miss = cache.before(ROOM, Long.MAX_VALUE, 10);
    assertThat(miss.page()).isEmpty();
    cache.loaded(ROOM, page(Long.MAX_VALUE, 10), miss); // the store's page after that miss
    assertThat(cache.before(ROOM, Long.MAX_VALUE, 10).page()).contains(page(Long.MAX_VALUE, 10));
    miss = cache.before(ROOM, 17, 10);
    cache.loaded(ROOM, page(17, 10), miss);
    assertThat(cache.before(ROOM, 17, 10).page()).contains(page(17, 10));
  }

  @Test
  void sendsDoNotWaitForARedisThatHangsAndItsStaleRunIsNeverServed() throws Exception {
    append(20);
    assertThat(cache.before(ROOM, Long.MAX_VALUE, 10).page()).contains(page(Long.MAX_VALUE, 10));

    var sleeper = redis.connect(Duration.ofSeconds(10));
    var hang =
        Thread.ofPlatform()
            .start(
                () ->
                    RedisProcess.template(sleeper)
                        .execute(
                            (RedisCallback<Object>)
                                c -> c.execute("DEBUG", "SLEEP".getBytes(), "2".getBytes())));
    Waits.sleep(Duration.ofMillis(200));
    long started = System.nanoTime();
    append(20); // one waits out the command timeout, the rest skip the cache
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(1500));
    Waits.joined(hang, Duration.ofSeconds(10));
    sleeper.destroy();
    Waits.sleep(Duration.ofMillis(300));

    var answer = cache.before(ROOM, Long.MAX_VALUE, 10).page();
    answer.ifPresent(messages -> assertThat(messages).isEqualTo(page(Long.MAX_VALUE, 10)));
    append(1);
    var miss = cache.before(ROOM, Long.MAX_VALUE, 10);
    cache.loaded(ROOM, page(Long.MAX_VALUE, 10), miss);
    assertThat(cache.before(ROOM, Long.MAX_VALUE, 10).page()).contains(page(Long.MAX_VALUE, 10));
  }

  private static Void saved(org.springframework.data.redis.connection.RedisConnection c) {
    c.serverCommands().save();
    return null;
  }

  private void append(int count) {
    for (int i = 0; i < count; i++) {
      long seq = store.size() + 1;
      var message =
          new Message(
              ROOM,
              seq,
              "alice",
              MessageKind.TEXT,
              "m" + seq,
              List.of(),
              "c-" + seq,
              Instant.parse("2026-11-22T04:01:02Z").plusSeconds(seq));
      store.add(message);
      cache.stored(message);
    }
  }

  /** The store's answer: newest first below {@code beforeSeq}. */
  private List<Message> page(long beforeSeq, int limit) {
    var page = new ArrayList<Message>();
    for (long seq = Math.min(beforeSeq - 1, store.size()); seq >= 1 && page.size() < limit; seq--) {
      page.add(store.get((int) seq - 1));
    }
    return page;
  }
}
