package io.dugout.cluster.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.TestStore;
import io.dugout.api.ApiResponse;
import io.dugout.api.ApiTest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The whole server with the Redis history cache while messages are edited, deleted, reacted to and
 * replied to: every history page ({@code before}, {@code after}, {@code enter}) read through the
 * cache is the page the store answers with the cache out of the way. The room is larger than the
 * cache's window, so changes land both on cached messages and on messages a page later fills in.
 */
@DirtiesContext
class RedisCacheChangeApiTests extends ApiTest {

  private static final int CACHED_PER_ROOM = 30;
  private static final int STEPS = 150;
  private static final int PAGE = 7;

  @TempDir static Path redisDir;
  private static RedisProcess redis;

  @Autowired RedisHistoryCache cache;
  @Autowired StringRedisTemplate template;

  @DynamicPropertySource
  static void redis(DynamicPropertyRegistry registry) {
    registry.add("dugout.cache.redis.messages-per-room", () -> "" + CACHED_PER_ROOM);
    if (TestStore.clusterStorage()) {
      return; // the cluster run's own Redis cache
    }
    redis = RedisProcess.start(redisDir);
    registry.add("dugout.cache.type", () -> "redis");
    registry.add("spring.data.redis.url", redis::url);
  }

  @AfterAll
  static void stopRedis() {
    if (redis != null) {
      redis.close();
    }
  }

  @Test
  void historyWithEditsDeletesReactionsAndRepliesIsTheStoresWithTheCacheOnAndOff() {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    String bobToken = client.token(bob);
    String roomId = group(aliceToken, "changes", bob);
    var room = new Script(roomId, aliceToken, bobToken);
    var random = new Random(15);
    long hits = 0;
    int checkpoints = 0;

    for (int step = 1; step <= STEPS; step++) {
      room.step(random);
      if (step % 5 == 0) {
        read(aliceToken, roomId); // fills the cache, so later changes land on cached messages
      }
      if (step % 25 == 0) {
        long before = cache.hits();
        var cached = read(aliceToken, roomId);
        hits += cache.hits() - before;
        forget(roomId);
        long afterFlush = cache.hits();
        var fromStore = read(aliceToken, roomId);
        assertThat(cache.hits()).as("the store alone answered").isEqualTo(afterFlush);
        assertThat(cached).as("pages after step %d", step).isEqualTo(fromStore);
        checkpoints++;
      }
    }

    assertThat(checkpoints).isEqualTo(STEPS / 25);
    // the newest 30 entries hold four pages of 7 and enter's page of 20 each time
    assertThat(hits).as("pages served from Redis").isGreaterThanOrEqualTo(5L * checkpoints);
    assertThat(room.changes).as("changes made").isGreaterThan(STEPS / 3);
  }

  /**
   * Every page of the room as alice reads it: newest first down to the first entry, oldest first up
   * to the newest, and what entering the room answers.
   */
  private List<JsonNode> read(String token, String roomId) {
    var pages = new ArrayList<JsonNode>();
    String path = messages(roomId) + "?limit=" + PAGE;
    while (true) {
      var page = ok(client.get(token, path));
      pages.add(page);
      var entries = page.get("messages");
      if (!page.get("hasMore").asBoolean() || entries.isEmpty()) {
        break;
      }
      long oldest = entries.get(entries.size() - 1).get("seq").asLong();
      path = messages(roomId) + "?limit=" + PAGE + "&before=" + oldest;
    }
    long after = 0;
    while (true) {
      var page = ok(client.get(token, messages(roomId) + "?limit=" + PAGE + "&after=" + after));
      pages.add(page);
      var entries = page.get("messages");
      if (!page.get("hasMore").asBoolean() || entries.isEmpty()) {
        break;
      }
      after = entries.get(0).get("seq").asLong();
    }
    pages.add(ok(client.post(token, "/api/v1/rooms/" + roomId + "/enter", null)));
    return pages;
  }

  /** Drops what the cache holds of the room, so that every read of it goes to the store. */
  private void forget(String roomId) {
    template.delete(List.of("dugout:{" + roomId + "}:recent", "dugout:{" + roomId + "}:meta"));
  }

  private static JsonNode ok(ApiResponse response) {
    assertThat(response.status()).as("%s", response).isBetween(200, 201);
    return response.json();
  }

  private static String messages(String roomId) {
    return "/api/v1/rooms/" + roomId + "/messages";
  }

  /** A random but repeatable mix of posts, replies, edits, deletes and reactions in one room. */
  private final class Script {

    final String roomId;
    final String aliceToken;
    final String bobToken;
    final List<Long> aliceMessages = new ArrayList<>();
    final List<Long> allMessages = new ArrayList<>();
    final Set<Long> deleted = new HashSet<>();
    final Set<String> reactions = new HashSet<>();
    int posts;
    int changes;

    Script(String roomId, String aliceToken, String bobToken) {
      this.roomId = roomId;
      this.aliceToken = aliceToken;
      this.bobToken = bobToken;
    }

    void step(Random random) {
      int roll = random.nextInt(100);
      if (allMessages.size() < 3 || roll < 30) {
        post(random.nextBoolean(), null);
      } else if (roll < 42) {
        post(random.nextBoolean(), pick(allMessages, random));
      } else if (roll < 62) {
        edit(pick(aliceMessages, random));
      } else if (roll < 72) {
        delete(pick(allMessages, random));
      } else {
        react(random.nextBoolean(), pick(allMessages, random), random);
      }
    }

    private void post(boolean byAlice, Long replyTo) {
      posts++;
      var body = new HashMap<String, Object>();
      body.put("clientMsgId", "p-" + posts);
      body.put("kind", "TEXT");
      body.put("content", (byAlice ? "alice " : "bob ") + posts);
      if (replyTo != null) {
        body.put("replyTo", replyTo);
      }
      var posted = ok(client.postJson(byAlice ? aliceToken : bobToken, messages(roomId), body));
      long seq = posted.get("seq").asLong();
      allMessages.add(seq);
      if (byAlice) {
        aliceMessages.add(seq);
      }
    }

    private void edit(Long seq) {
      if (seq == null || deleted.contains(seq)) {
        return;
      }
      changes++;
      ok(
          client.send(
              "PATCH",
              aliceToken,
              messages(roomId) + "/" + seq,
              "{\"clientMsgId\":\"e-" + changes + "\",\"content\":\"edited " + changes + "\"}"));
    }

    private void delete(Long seq) {
      if (deleted.add(seq)) {
        changes++;
        ok(client.delete(aliceToken, messages(roomId) + "/" + seq));
      }
    }

    private void react(boolean byAlice, Long seq, Random random) {
      if (deleted.contains(seq)) {
        return;
      }
      String emoji = random.nextBoolean() ? "👍" : "🎉";
      String key = byAlice + "/" + seq + "/" + emoji;
      String path =
          messages(roomId)
              + "/"
              + seq
              + "/reactions/"
              + URLEncoder.encode(emoji, StandardCharsets.UTF_8);
      String token = byAlice ? aliceToken : bobToken;
      changes++;
      if (reactions.add(key)) {
        ok(client.send("PUT", token, path, null));
      } else {
        reactions.remove(key);
        ok(client.delete(token, path));
      }
    }

    private static Long pick(List<Long> seqs, Random random) {
      return seqs.isEmpty() ? null : seqs.get(random.nextInt(seqs.size()));
    }
  }
}
