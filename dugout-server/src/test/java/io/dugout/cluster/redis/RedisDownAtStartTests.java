package io.dugout.cluster.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.ServerProcess;
import io.dugout.Waits;
import io.dugout.api.ApiResponse;
import io.dugout.api.DugoutClient;
import io.dugout.store.mongo.InJvmMongo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A node with the Redis history cache, killed with SIGKILL while Redis is down, starts again
 * without it, on either store: it reports the cache DEGRADED and stays ready, logs Redis' absence
 * once, answers sends and history from the store, and uses the cache again once Redis is back,
 * without a restart.
 */
class RedisDownAtStartTests {

  @TempDir Path dir;

  @ParameterizedTest(name = "on {0}")
  @ValueSource(strings = {"rocksdb", "mongodb"})
  void aNodeKilledWhileRedisIsDownStartsAgainWithoutItAndUsesItOnceItIsBack(String store)
      throws Exception {
    try (var redis = RedisProcess.start(Files.createDirectories(dir.resolve("redis")));
        var server = ServerProcess.start(dir.resolve("data"), arguments(store, redis))) {
      var client = DugoutClient.onPort(server.port());
      String alice = client.token("alice");
      String room =
          client
              .postJson(
                  alice,
                  "/api/v1/rooms",
                  Map.of("type", "GROUP", "title", "t", "memberIds", List.of("bob")))
              .text("id");
      for (int i = 1; i <= 5; i++) {
        assertThat(post(client, alice, room, "before-" + i).status()).isEqualTo(201);
      }

      redis.stop();
      assertThat(server.kill()).isEqualTo(137);
      long logBefore = Files.size(server.log());
      server.restart(arguments(store, redis));

      var health = client.get(null, "/actuator/health");
      assertThat(health.text("status")).as(health.toString()).isEqualTo("DEGRADED");
      assertThat(health.json().at("/components/historyCache/status").asString())
          .isEqualTo("DEGRADED");
      assertThat(health.json().at("/components/store/status").asString()).isEqualTo("UP");
      var readiness = client.get(null, "/actuator/health/readiness");
      assertThat(readiness.status()).as("degraded is ready").isEqualTo(200);
      assertThat(readiness.text("status")).isEqualTo("DEGRADED");

      long started = System.nanoTime();
      assertThat(post(client, alice, room, "while-down").status()).isEqualTo(201);
      assertThat(Duration.ofNanos(System.nanoTime() - started))
          .as("a send does not wait for the cache")
          .isLessThan(Duration.ofSeconds(5));
      assertThat(contents(client, alice, room))
          .containsExactly(
              "while-down", "before-5", "before-4", "before-3", "before-2", "before-1");
      Waits.sleep(Duration.ofSeconds(3)); // a few of the recovery's retries, unlogged

      redis.startAgain();
      Waits.until(
          () -> "UP".equals(client.get(null, "/actuator/health").text("status")),
          Duration.ofSeconds(60),
          "the node to find Redis back");
      assertThat(post(client, alice, room, "after").status()).isEqualTo(201);
      contents(client, alice, room); // a miss, which fills the cache from the store
      double hitsBefore = cacheHits(client);
      assertThat(contents(client, alice, room))
          .startsWith("after", "while-down", "before-5")
          .hasSize(7);
      assertThat(cacheHits(client)).as("read from Redis again").isGreaterThan(hitsBefore);

      var log = logSince(server.log(), logBefore);
      String redisAt = "Redis at 127.0.0.1:" + port(redis);
      assertThat(lines(log, redisAt + " is unreachable"))
          .singleElement()
          .asString()
          .contains("WARN")
          .contains("history is read from the store");
      assertThat(lines(log, redisAt + " answers again"))
          .singleElement()
          .asString()
          .contains("INFO");
      assertThat(
              log.lines()
                  .filter(line -> line.contains(" WARN "))
                  .filter(
                      line ->
                          line.toLowerCase(java.util.Locale.ROOT).contains("redis")
                              || line.contains("lettuce")
                              || line.contains("netty")))
          .as("no warning per reconnect attempt")
          .hasSize(1);
      assertThat(log)
          .doesNotContain("Reconnecting")
          .doesNotContain("Cannot reconnect")
          .doesNotContain("Unknown channel option")
          .doesNotContain("native transports are available");
      assertThat(log).doesNotContain("Dugout cannot start");
    }
  }

  private static String[] arguments(String store, RedisProcess redis) {
    var args = new ArrayList<String>();
    args.add("--dugout.cache.type=redis");
    args.add("--spring.data.redis.url=" + redis.url());
    if (store.equals("mongodb")) {
      args.add("--dugout.store.type=mongodb");
      args.add(
          "--spring.mongodb.uri="
              + InJvmMongo.shared().uri()
              + "/dugout_"
              + UUID.nameUUIDFromBytes(redis.url().getBytes()).toString().substring(0, 8));
    }
    return args.toArray(String[]::new);
  }

  private static ApiResponse post(DugoutClient client, String token, String room, String id) {
    return client.postJson(
        token,
        "/api/v1/rooms/" + room + "/messages",
        Map.of("clientMsgId", id, "kind", "TEXT", "content", id));
  }

  /** The room's newest page, newest first, as the contents of its messages. */
  private static List<String> contents(DugoutClient client, String token, String room) {
    var page = client.get(token, "/api/v1/rooms/" + room + "/messages?limit=20");
    assertThat(page.status()).as(page.toString()).isEqualTo(200);
    var contents = new ArrayList<String>();
    page.json().get("messages").forEach(m -> contents.add(m.get("content").asString()));
    return contents;
  }

  private static double cacheHits(DugoutClient client) {
    String metrics = client.get(client.serviceToken("ops"), "/actuator/prometheus").body();
    return metrics
        .lines()
        .filter(line -> line.startsWith("dugout_cache_reads_total{"))
        .filter(line -> line.contains("result=\"hit\""))
        .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
        .sum();
  }

  private static int port(RedisProcess redis) {
    return Integer.parseInt(redis.url().substring(redis.url().lastIndexOf(':') + 1));
  }

  private static String logSince(Path log, long offset) {
    try {
      byte[] all = Files.readAllBytes(log);
      return new String(all, (int) offset, all.length - (int) offset);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<String> lines(String log, String text) {
    return log.lines().filter(line -> line.contains(text)).toList();
  }
}
