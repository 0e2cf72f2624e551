package io.dugout.cluster.redis;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.api.ApiResponse;
import io.dugout.api.DugoutClient;
import io.dugout.cluster.kafka.TestCluster;
import io.dugout.realtime.StompTestClient;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import tools.jackson.databind.json.JsonMapper;

/**
 * A cluster node started while Redis, which carries its fan-out, is down: it starts, says so in its
 * health ({@code fanout} DEGRADED, still ready), stores and confirms the sends it sequences itself,
 * delivers them to its own subscribers and serves history from MongoDB; once Redis is back it hears
 * the other nodes over Redis without a restart (their answers to its sends, their messages to its
 * subscribers, in rooms followed while Redis was away: subscribed in Redis once it answers), and
 * its log has one line for each end of the outage.
 */
@ExtendWith(OutputCaptureExtension.class)
class ClusterNodeWithoutRedisTests {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final int ROOMS = 16;

  @Test
  void startsWhileRedisIsDownServesWhatItCanAndHearsTheOtherNodesOnceRedisIsBack(
      CapturedOutput output, @TempDir Path dir) {
    // why: a Redis of its own: nodes of earlier test classes, kept alive in Spring's test context
    // cache, use the shared one and would log their own reconnect attempts while it is stopped
    try (var redis = RedisProcess.start(dir);
        var cluster = new TestCluster().withRedis(redis.url())) {
      TestCluster.Node a;
      String alice;
      var rooms = new ArrayList<String>();
      StompTestClient carol;
      redis.stop();
      try {
        a = cluster.start();
        cluster.awaitBalanced();

        var health = a.client().get(null, "/actuator/health");
        assertThat(health.text("status")).as(health.toString()).isEqualTo("DEGRADED");
        assertThat(health.json().at("/components/fanout/status").asString()).isEqualTo("DEGRADED");
        assertThat(health.json().at("/components/store/status").asString()).isEqualTo("UP");
        assertThat(health.json().at("/components/kafka/status").asString()).isEqualTo("UP");
        var readiness = a.client().get(null, "/actuator/health/readiness");
        assertThat(readiness.status()).as("degraded is ready").isEqualTo(200);
        assertThat(readiness.json().at("/components/fanout/status").asString())
            .isEqualTo("DEGRADED");

        alice = a.client().token("alice");
        for (int i = 0; i < ROOMS; i++) {
          rooms.add(group(a.client(), alice));
        }
        carol = StompTestClient.connect(a.port(), a.client().token("carol"));
        for (int i = 0; i < ROOMS; i++) {
          carol.subscribeAndWait("r" + i, "/topic/rooms." + rooms.get(i));
        }
        var sent = post(a.client(), alice, rooms.getFirst(), "while-down");
        assertThat(sent.status()).as("a sequences it itself: " + sent).isEqualTo(201);
        assertThat(contentOf(nextMessage(carol))).isEqualTo("while-down");
        var history =
            a.client().get(alice, "/api/v1/rooms/" + rooms.getFirst() + "/messages?limit=10");
        assertThat(history.status()).isEqualTo(200);
        assertThat(history.json().get("messages").get(0).get("content").asString())
            .isEqualTo("while-down");
      } finally {
        redis.startAgain();
      }

      var nodeA = a;
      Waits.until(
          () -> "UP".equals(nodeA.client().get(null, "/actuator/health").text("status")),
          Duration.ofSeconds(60),
          "node a to hear Redis again");
      var b = cluster.start();
      cluster.awaitBalanced();
      String room =
          rooms.stream()
              .filter(r -> b.owned().contains(TestCluster.partitionOf(r)))
              .findFirst()
              .orElseThrow();
      assertThat(subscribers(redis, RedisFanout.roomChannel(room)))
          .as("a subscribed in Redis the room its client followed while Redis was away")
          .isEqualTo(1L);

      String bob = b.client().token("bob");
      assertThat(post(b.client(), bob, room, "from-b").status()).isEqualTo(201);
      assertThat(contentOf(nextMessage(carol)))
          .as("b's publish reached a's subscriber over Redis")
          .isEqualTo("from-b");
      var answered = post(a.client(), alice, room, "answered-by-b");
      assertThat(answered.status()).as("b's answer reached a: " + answered).isEqualTo(201);
      assertThat(contentOf(nextMessage(carol))).isEqualTo("answered-by-b");
      carol.close();

      String redisAt = "Redis at 127.0.0.1:" + port(redis.url());
      assertThat(lines(output, redisAt + " is unreachable"))
          .singleElement()
          .asString()
          .contains("WARN")
          .contains("other nodes' messages");
      assertThat(lines(output, redisAt + " answers again"))
          .singleElement()
          .asString()
          .contains("INFO");
      // why: only this test's Redis; a client of an earlier test class in the same JVM may still be
      // reconnecting to its own, stopped server, and logs into this output too while a node's start
      // sets the log levels up again
      String ours = ":" + port(redis.url());
      assertThat(lines(output, "Reconnecting, last destination")).noneMatch(l -> l.contains(ours));
      assertThat(lines(output, "Cannot reconnect")).noneMatch(l -> l.contains(ours));
      assertThat(output.getAll()).doesNotContain("Subscribing to Redis channel");
    }
  }

  /** How many connections subscribe to the channel in Redis ({@code PUBSUB NUMSUB}). */
  private static long subscribers(RedisProcess redis, String channel) {
    try (var socket = new Socket("127.0.0.1", port(redis.url()))) {
      socket.setSoTimeout(5_000);
      socket.getOutputStream().write(("PUBSUB NUMSUB " + channel + "\r\n").getBytes(US_ASCII));
      var reply = new BufferedReader(new InputStreamReader(socket.getInputStream(), US_ASCII));
      for (String line = reply.readLine(); line != null; line = reply.readLine()) {
        if (line.startsWith(":")) {
          return Long.parseLong(line.substring(1));
        }
      }
      throw new AssertionError("no count in Redis' reply");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String group(DugoutClient client, String token) {
    var response =
        client.postJson(
            token,
            "/api/v1/rooms",
            Map.of("type", "GROUP", "title", "t", "memberIds", List.of("bob", "carol")));
    assertThat(response.status()).as(response.toString()).isEqualTo(201);
    return response.text("id");
  }

  private static ApiResponse post(DugoutClient client, String token, String room, String id) {
    return client.postJson(
        token,
        "/api/v1/rooms/" + room + "/messages",
        Map.of("clientMsgId", id, "kind", "TEXT", "content", id));
  }

  private static StompTestClient.Frame nextMessage(StompTestClient stomp) {
    return stomp.await(
        f -> f.command().equals("MESSAGE") && f.body().contains("\"type\":\"message\""),
        Duration.ofSeconds(30));
  }

  private static String contentOf(StompTestClient.Frame frame) {
    return JSON.readTree(frame.body()).get("content").asString();
  }

  private static int port(String url) {
    return Integer.parseInt(url.substring(url.lastIndexOf(':') + 1));
  }

  private static List<String> lines(CapturedOutput output, String text) {
    return output.getAll().lines().filter(line -> line.contains(text)).toList();
  }
}
