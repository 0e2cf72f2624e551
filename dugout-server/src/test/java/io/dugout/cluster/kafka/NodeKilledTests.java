package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.ServerProcess;
import io.dugout.api.ApiResponse;
import io.dugout.api.DugoutClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two cluster nodes as processes of their own; one is killed with SIGKILL while clients send to
 * both. Clients of the killed node resend to the other with the same clientMsgId, as a client
 * would. Every acknowledged message is then in history exactly once, and every room's seqs are
 * gap-free: the killed node's partitions moved to the survivor, which learnt each room's last seq
 * from the store and found the killed node's unanswered writes as retries.
 */
class NodeKilledTests {

  private static final int POSTERS = 6;
  private static final int ACKS_BEFORE_KILL = 90;
  private static final int ACKS_AFTER_KILL = 90;

  @TempDir Path dir;

  @Test
  void keepsEveryAcknowledgedSendExactlyOnceAndGapFreeWhenANodeIsKilled() throws Exception {
    try (var cluster = new TestCluster()) {
      Path data = cluster.sharedDataDir(dir.resolve("data"));
      var env = cluster.processEnvironment();
      try (var doomed = ServerProcess.start(data, env);
          var survivor = ServerProcess.start(data, env)) {
        var toDoomed = DugoutClient.onPort(doomed.port());
        var toSurvivor = DugoutClient.onPort(survivor.port());
        String alice = toDoomed.token("alice");
        String bob = toSurvivor.token("bob");
        var rooms = new ArrayList<String>();
        for (int i = 0; i < 3; i++) {
          var room =
              toDoomed.postJson(
                  alice,
                  "/api/v1/rooms",
                  Map.of("type", "GROUP", "title", "g" + i, "memberIds", List.of("bob")));
          assertThat(room.status()).as(room.toString()).isEqualTo(201);
          rooms.add(room.text("id"));
        }

        // the doomed node sequences some rooms when it dies, not none
        io.dugout.Waits.until(
            () -> partitions(toDoomed) > 0 && partitions(toSurvivor) > 0,
            Duration.ofSeconds(60),
            "both nodes sequencing");

        var acked = new ConcurrentHashMap<String, Long>(); // clientMsgId -> seq
        var killed = new AtomicBoolean();
        var stop = new AtomicBoolean();
        var posters = new ArrayList<Future<?>>();
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
          for (int p = 0; p < POSTERS; p++) {
            int poster = p;
            posters.add(
                pool.submit(
                    () -> {
                      String token = poster % 2 == 0 ? alice : bob;
                      for (int i = 0; i < 10_000 && !stop.get(); i++) {
                        String room = rooms.get((poster + i) % rooms.size());
                        String id = "p" + poster + "-" + i;
                        var client = poster % 2 == 0 && !killed.get() ? toDoomed : toSurvivor;
                        var posted = postUntilAcknowledged(client, toSurvivor, token, room, id);
                        acked.put(room + "/" + id, posted.number("seq"));
                      }
                      return null;
                    }));
          }
          io.dugout.Waits.until(
              () -> acked.size() >= ACKS_BEFORE_KILL, Duration.ofSeconds(120), "sends before");
          // why: kill while every poster is sending, right after acknowledged sends
          assertThat(doomed.kill()).as("killed by SIGKILL").isEqualTo(128 + 9);
          killed.set(true);
          int before = acked.size();
          io.dugout.Waits.until(
              () -> acked.size() >= before + ACKS_AFTER_KILL,
              Duration.ofSeconds(120),
              "sends after the kill");
          stop.set(true);
          for (var f : posters) {
            f.get();
          }
        }

        for (String room : rooms) {
          var history = readAll(toSurvivor, alice, room);
          var seqs = history.stream().map(m -> m.seq).toList();
          assertThat(seqs)
              .as("room %s: gap-free from 1", room)
              .isEqualTo(LongStream.rangeClosed(1, seqs.size()).boxed().toList());
          var ids = new HashSet<String>();
          for (var message : history) {
            assertThat(ids.add(message.clientMsgId))
                .as("%s stored once", message.clientMsgId)
                .isTrue();
          }
          acked.forEach(
              (key, seq) -> {
                if (key.startsWith(room + "/")) {
                  String id = key.substring(room.length() + 1);
                  assertThat(history)
                      .as("acknowledged %s is in history at its seq", id)
                      .anyMatch(m -> m.clientMsgId.equals(id) && m.seq == seq);
                }
              });
        }
      }
    }
  }

  /**
   * Posts until the send is acknowledged (201, or 200 for a retry), at most 40 times: after a
   * failure, always to the survivor, as a client would once its node is gone.
   */
  private static ApiResponse postUntilAcknowledged(
      DugoutClient first, DugoutClient survivor, String token, String room, String id) {
    var client = first;
    String lastProblem = "";
    for (int attempt = 0; attempt < 40; attempt++) {
      try {
        var body = new HashMap<String, Object>();
        body.put("clientMsgId", id);
        body.put("kind", "TEXT");
        body.put("content", "failover");
        var response = client.postJson(token, "/api/v1/rooms/" + room + "/messages", body);
        if (response.status() == 201 || response.status() == 200) {
          return response;
        }
        assertThat(response.status()).as(response.toString()).isEqualTo(503);
        lastProblem = response.toString();
      } catch (java.io.UncheckedIOException e) {
        lastProblem = e.getMessage();
      }
      client = survivor;
    }
    throw new AssertionError(id + " never acknowledged: " + lastProblem);
  }

  /** The node's dugout.cluster.partitions gauge. */
  private static double partitions(DugoutClient node) {
    var metric = node.get(node.serviceToken("ops"), "/actuator/metrics/dugout.cluster.partitions");
    return metric.status() == 200
        ? metric.json().get("measurements").get(0).get("value").asDouble()
        : 0;
  }

  private record Stored(long seq, String clientMsgId) {}

  private static List<Stored> readAll(DugoutClient client, String token, String room) {
    var all = new ArrayList<Stored>();
    long after = 0;
    for (int page = 0; page < 100; page++) {
      var response =
          client.get(token, "/api/v1/rooms/" + room + "/messages?limit=100&after=" + after);
      assertThat(response.status()).as(response.toString()).isEqualTo(200);
      var messages = response.json().get("messages");
      var batch = new ArrayList<Stored>();
      for (var message : messages) {
        batch.addFirst(
            new Stored(message.get("seq").asLong(), message.get("clientMsgId").asString()));
      }
      all.addAll(batch);
      if (!response.json().get("hasMore").asBoolean() || batch.isEmpty()) {
        return all;
      }
      after = batch.getLast().seq;
    }
    throw new AssertionError("more than 100 pages");
  }
}
