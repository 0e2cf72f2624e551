package io.dugout.cluster.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.ApiTest;
import io.dugout.message.HistoryCache;
import io.dugout.message.Message;
import io.dugout.message.MessageStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The whole server with {@code dugout.cache.type=redis} on a real redis-server through {@code
 * spring.data.redis.url}: history paged over REST is what the store answers without any cache, with
 * Redis up and after it is gone, and the node says DEGRADED without it but stays ready.
 */
@DirtiesContext
class RedisCacheApiTests extends ApiTest {

  @TempDir static Path redisDir;
  private static RedisProcess redis;

  @Autowired HistoryCache cache;
  @Autowired MessageStore store;
  @Autowired RedisHealth historyCacheHealthIndicator;

  @DynamicPropertySource
  static void redis(DynamicPropertyRegistry registry) {
    redis = RedisProcess.start(redisDir);
    registry.add("dugout.cache.type", () -> "redis");
    registry.add("dugout.cache.redis.messages-per-room", () -> "120");
    registry.add("spring.data.redis.url", redis::url);
  }

  @AfterAll
  static void stopRedis() {
    redis.close();
  }

  @Test
  void pagesHistoryOverRestAsTheStoreAnswersWithAndWithoutRedis() {
    assertThat(cache).isInstanceOf(RedisHistoryCache.class);
    String alice = user("alice");
    String token = client.token(alice);
    String roomId = group(token, "cached", user("bob"));
    for (int i = 1; i <= 150; i++) {
      assertThat(say(token, roomId, "c-" + i, "message " + i).status()).isEqualTo(201);
    }

    pageAll(token, roomId, 20); // fills what the writes did not
    long hitsBefore = ((RedisHistoryCache) cache).hits();
    var withRedis = pageAll(token, roomId, 20);
    // 120 cached of 150: the pages topped at 150, 130, 110, 90 and 70 lie inside them
    assertThat(((RedisHistoryCache) cache).hits() - hitsBefore).isGreaterThanOrEqualTo(5);
    assertThat(seqs(withRedis)).isEqualTo(storeSeqs(roomId));
    var health = client.get(null, "/actuator/health").json();
    assertThat(health.get("status").asString()).isEqualTo("UP");
    assertThat(historyCacheHealthIndicator.health().getStatus().getCode()).isEqualTo("UP");

    redis.stop();
    assertThat(pageAll(token, roomId, 20)).isEqualTo(withRedis);
    say(token, roomId, "c-151", "while Redis is gone");
    assertThat(seqs(pageAll(token, roomId, 50))).isEqualTo(storeSeqs(roomId));
    health = client.get(null, "/actuator/health").json();
    assertThat(health.get("status").asString()).isEqualTo("DEGRADED");
    assertThat(health.at("/components/historyCache/status").asString()).isEqualTo("DEGRADED");
    assertThat(health.at("/components/store/status").asString()).isEqualTo("UP");
    var readiness = client.get(null, "/actuator/health/readiness");
    assertThat(readiness.status()).as("degraded is still ready").isEqualTo(200);
    assertThat(readiness.json().at("/components/historyCache/status").asString())
        .isEqualTo("DEGRADED");
  }

  /**
   * Redis' latency is scraped as {@code lettuce_seconds} by command, made by Dugout's own timer,
   * and Lettuce builds no observation per command: those cost a cluster node about 5 % of its CPU.
   */
  @Test
  void timesEachRedisCommandByCommandWithoutObservations() {
    String token = client.token(user("alice"));
    String roomId = group(token, "timed", user("bob"));
    assertThat(say(token, roomId, "t-1", "timed").status()).isEqualTo(201);

    var scrape = client.get(client.serviceToken(user("prometheus")), "/actuator/prometheus");
    assertThat(scrape.status()).isEqualTo(200);
    assertThat(scrape.body())
        .containsPattern("(?m)^lettuce_seconds_count\\{command=\"EVAL(SHA)?\"\\} [1-9]")
        .containsPattern("(?m)^lettuce_seconds_bucket\\{command=\"EVAL(SHA)?\",le=\"0.001\"\\} ")
        .doesNotContain("lettuce_active")
        .doesNotContain("db_operation");
  }

  /** Every page of the room's history over REST, newest first, as the JSON bodies it got. */
  private List<JsonNode> pageAll(String token, String roomId, int limit) {
    var pages = new ArrayList<JsonNode>();
    String path = "/api/v1/rooms/" + roomId + "/messages?limit=" + limit;
    while (true) {
      var page = client.get(token, path).json();
      pages.add(page);
      if (!page.get("hasMore").asBoolean()) {
        return pages;
      }
      var messages = page.get("messages");
      long oldest = messages.get(messages.size() - 1).get("seq").asLong();
      path = "/api/v1/rooms/" + roomId + "/messages?limit=" + limit + "&before=" + oldest;
    }
  }

  private static List<Long> seqs(List<JsonNode> pages) {
    var seqs = new ArrayList<Long>();
    for (var page : pages) {
      for (var message : page.get("messages")) {
        seqs.add(message.get("seq").asLong());
      }
    }
    return seqs;
  }

  private List<Long> storeSeqs(String roomId) {
    return store.before(roomId, Long.MAX_VALUE, 1000).stream().map(Message::seq).toList();
  }
}
