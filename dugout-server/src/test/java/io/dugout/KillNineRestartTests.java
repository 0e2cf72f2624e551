package io.dugout;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.ApiResponse;
import io.dugout.api.DugoutClient;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The durability guarantee over REST, tested the hard way: a real server process is killed with
 * SIGKILL while clients are posting, started again on the same data directory, and must have every
 * message it acknowledged (201), exactly once, in a gap-free seq order that simply continues. (The
 * same over STOMP receipts: {@code realtime.CrashRecoveryTests}.)
 */
class KillNineRestartTests {

  private static final int KILL_AFTER_ACKS = 300;
  private static final int POSTERS = 6;

  @TempDir Path dir;
  private Path dataDir;

  @org.junit.jupiter.api.BeforeEach
  void dataDir() {
    dataDir = dir.resolve("data");
  }

  @Test
  void keepsEveryAcknowledgedMessageExactlyOnceInSeqOrderAfterKillNine() throws Exception {
    String alice = "alice";
    String bob = "bob";
    var acked = new ConcurrentHashMap<String, JsonNode>();
    String aliceToken;
    String bobToken;
    String serviceToken;
    String groupId;
    String directId;
    long systemSeqs;

    try (var server = ServerProcess.start(dataDir)) {
      DugoutClient client = DugoutClient.onPort(server.port());
      aliceToken = client.token(alice);
      bobToken = client.token(bob);
      serviceToken = client.serviceToken("backend");
      groupId =
          client
              .postJson(
                  aliceToken,
                  "/api/v1/rooms",
                  Map.of("type", "GROUP", "title", "durable", "memberIds", List.of(bob)))
              .text("id");
      directId =
          client
              .postJson(
                  aliceToken, "/api/v1/rooms", Map.of("type", "DIRECT", "memberIds", List.of(bob)))
              .text("id");
      assertThat(client.postJson(aliceToken, members(groupId), Map.of("userId", "carol")).status())
          .isEqualTo(201);
      systemSeqs = 1;

      var stop = new AtomicBoolean();
      var enoughAcks = new CountDownLatch(KILL_AFTER_ACKS);
      try (var posters = Executors.newVirtualThreadPerTaskExecutor()) {
        for (int p = 0; p < POSTERS; p++) {
          String token = p % 2 == 0 ? aliceToken : bobToken;
          String room = p < POSTERS - 1 ? groupId : directId;
          String prefix = "p" + p + "-";
          posters.submit(() -> post(client, token, room, prefix, stop, acked, enoughAcks));
        }
        assertThat(enoughAcks.await(120, TimeUnit.SECONDS))
            .as("acknowledged posts before the kill")
            .isTrue();
        // why: kill while the posters are still sending, right after successful POSTs
        int exit = server.kill();
        stop.set(true);
        assertThat(exit).as("killed by SIGKILL, not shut down").isEqualTo(128 + 9);
        assertThat(server.isAlive()).isFalse();
        assertThat(ProcessHandle.of(server.pid()).map(ProcessHandle::isAlive).orElse(false))
            .isFalse();
      }
    }
    assertThat(acked).hasSizeGreaterThanOrEqualTo(KILL_AFTER_ACKS);

    try (var server = ServerProcess.start(dataDir)) {
      DugoutClient client = DugoutClient.onPort(server.port());
      // tokens issued before the kill still work: the secret lives in the data directory.
      // why a send first: in cluster mode a send that Kafka took before the kill, still
      // unanswered, is stored by the restarted node once it owns the room's partition, which may
      // be after it reports healthy; a new send to the room is stored after it (one partition per
      // room, in order), so once the new send is stored, the room's history is complete
      var next = sayUntilStored(client, aliceToken, groupId, "after-restart");
      sayUntilStored(client, bobToken, directId, "after-restart");
      var groupHistory = readAll(client, aliceToken, groupId);
      var directHistory = readAll(client, bobToken, directId);

      assertGapFreeAndContainsExactlyOnce(groupHistory, acked, groupId, systemSeqs);
      assertGapFreeAndContainsExactlyOnce(directHistory, acked, directId, 0);

      long groupLast = groupHistory.size();
      assertThat(groupHistory.getLast()).as("the sequence continues").isEqualTo(next);
      assertThat(next.get("seq").asLong()).isEqualTo(groupLast);
      var room = client.get(aliceToken, "/api/v1/rooms/" + groupId);
      assertThat(room.number("lastSeq")).isEqualTo(groupLast);
      assertThat(memberIds(room.json())).containsExactlyInAnyOrder(alice, bob, "carol");

      var someAck =
          acked.values().stream()
              .filter(m -> m.get("roomId").asString().equals(groupId))
              .findFirst()
              .orElseThrow();
      String owner = someAck.get("senderId").asString();
      var retry =
          say(
              client,
              owner.equals(alice) ? aliceToken : bobToken,
              groupId,
              someAck.get("clientMsgId").asString(),
              "retried");
      assertThat(retry.status()).isEqualTo(200);
      assertThat(retry.json()).isEqualTo(someAck);
      assertThat(client.get(aliceToken, "/api/v1/rooms/" + groupId).number("lastSeq"))
          .isEqualTo(groupLast);

      var directAgain =
          client.postJson(
              bobToken, "/api/v1/rooms", Map.of("type", "DIRECT", "memberIds", List.of(alice)));
      assertThat(directAgain.status()).isEqualTo(200);
      assertThat(directAgain.text("id")).isEqualTo(directId);
      assertThat(
              client
                  .get(serviceToken, "/api/v1/rooms?userId=carol")
                  .json()
                  .get("rooms")
                  .get(0)
                  .get("id")
                  .asString())
          .isEqualTo(groupId);
    }
  }

  /**
   * Edits acknowledged before a kill -9 are all there after the restart, each once: every poster
   * edits its own message to v1, v2, … and no message may come back older than its newest
   * acknowledged edit, nor carry more edit entries than the version it shows.
   */
  @Test
  void keepsEveryAcknowledgedEditExactlyOnceAfterKillNine() throws Exception {
    int posters = 4;
    var lastAcked = new java.util.concurrent.atomic.AtomicIntegerArray(posters + 1);
    String token;
    String roomId;
    try (var server = ServerProcess.start(dataDir)) {
      DugoutClient client = DugoutClient.onPort(server.port());
      token = client.token("erin");
      roomId =
          client
              .postJson(token, "/api/v1/rooms", Map.of("type", "GROUP", "memberIds", List.of()))
              .text("id");
      for (int i = 1; i <= posters; i++) {
        assertThat(say(client, token, roomId, "m" + i, "v0").status()).isEqualTo(201);
      }
      var stop = new AtomicBoolean();
      var enoughAcks = new CountDownLatch(KILL_AFTER_ACKS / 3);
      try (var editors = Executors.newVirtualThreadPerTaskExecutor()) {
        for (int i = 1; i <= posters; i++) {
          int seq = i;
          editors.submit(
              () -> {
                for (int v = 1; !stop.get(); v++) {
                  try {
                    var edited =
                        client.send(
                            "PATCH",
                            token,
                            "/api/v1/rooms/" + roomId + "/messages/" + seq,
                            "{\"clientMsgId\":\"e"
                                + seq
                                + "-"
                                + v
                                + "\",\"content\":\"v"
                                + v
                                + "\"}");
                    if (edited.status() != 200) {
                      throw new AssertionError("unexpected " + edited);
                    }
                    lastAcked.set(seq, v);
                    enoughAcks.countDown();
                  } catch (UncheckedIOException killed) {
                    return;
                  }
                }
              });
        }
        assertThat(enoughAcks.await(120, TimeUnit.SECONDS)).as("acknowledged edits").isTrue();
        assertThat(server.kill()).as("killed by SIGKILL").isEqualTo(128 + 9);
        stop.set(true);
      }
    }

    try (var server = ServerProcess.start(dataDir)) {
      DugoutClient client = DugoutClient.onPort(server.port());
      sayUntilStored(client, token, roomId, "after-restart");
      var log = readAll(client, token, roomId);
      for (int i = 1; i <= posters; i++) {
        long seq = i;
        var message = log.get(i - 1);
        int shown = Integer.parseInt(message.get("content").asString().substring(1));
        long edits =
            log.stream().filter(e -> e.has("change") && e.get("targetSeq").asLong() == seq).count();
        assertThat(shown)
            .as("message %d shows its newest acknowledged edit or a later one", i)
            .isGreaterThanOrEqualTo(lastAcked.get(i));
        assertThat(edits).as("one entry per edit of message %d", i).isEqualTo(shown);
      }
      for (int i = 0; i < log.size(); i++) {
        assertThat(log.get(i).get("seq").asLong()).isEqualTo(i + 1L);
      }
    }
  }

  @Test
  void acceptsTryItOutTokensIssuedBeforeARestart() throws Exception {
    String token;
    String service;
    String roomId;
    try (var server = ServerProcess.start(dataDir)) {
      var client = DugoutClient.onPort(server.port());
      token = client.token("dana");
      service = client.serviceToken("backend");
      roomId =
          client
              .postJson(token, "/api/v1/rooms", Map.of("type", "GROUP", "memberIds", List.of()))
              .text("id");
      assertThat(server.kill()).isEqualTo(137);
    }
    String secret = Files.readString(dataDir.resolve("dev-jwt-secret"));
    try (var server = ServerProcess.start(dataDir)) {
      var client = DugoutClient.onPort(server.port());
      var rooms = client.get(token, "/api/v1/rooms");
      assertThat(rooms.status()).isEqualTo(200);
      assertThat(rooms.json().get("rooms").get(0).get("id").asString()).isEqualTo(roomId);
      assertThat(client.get(service, "/api/v1/rooms?userId=dana").status()).isEqualTo(200);
      assertThat(client.get(client.token("dana"), "/api/v1/rooms/" + roomId).status())
          .isEqualTo(200);
      assertThat(Files.readString(dataDir.resolve("dev-jwt-secret"))).isEqualTo(secret);
    }
  }

  private static void post(
      DugoutClient client,
      String token,
      String roomId,
      String prefix,
      AtomicBoolean stop,
      Map<String, JsonNode> acked,
      CountDownLatch enoughAcks) {
    for (int i = 0; !stop.get(); i++) {
      String clientMsgId = prefix + i;
      try {
        var response = say(client, token, roomId, clientMsgId, "message " + clientMsgId);
        if (response.status() == 201) {
          acked.put(clientMsgId, response.json());
          enoughAcks.countDown();
        } else if (response.status() != 200) {
          throw new AssertionError("unexpected " + response);
        }
      } catch (UncheckedIOException killed) {
        return;
      }
    }
  }

  /** Every message of the room, walking forward with {@code after} cursors; oldest first. */
  private static List<JsonNode> readAll(DugoutClient client, String token, String roomId) {
    var all = new ArrayList<JsonNode>();
    long after = 0;
    while (true) {
      var page =
          client.get(token, "/api/v1/rooms/" + roomId + "/messages?limit=100&after=" + after);
      assertThat(page.status()).as("%s", page).isEqualTo(200);
      var newestFirst = new ArrayList<JsonNode>();
      page.json().get("messages").forEach(newestFirst::add);
      all.addAll(newestFirst.reversed());
      if (!page.json().get("hasMore").asBoolean()) {
        return all;
      }
      after = all.getLast().get("seq").asLong();
    }
  }

  private static void assertGapFreeAndContainsExactlyOnce(
      List<JsonNode> history, Map<String, JsonNode> acked, String roomId, long systemMessages) {
    var bySeq = new ArrayList<Long>();
    var byClientMsgId = new HashMap<String, JsonNode>();
    for (JsonNode message : history) {
      bySeq.add(message.get("seq").asLong());
      String key = message.get("senderId").asString() + "/" + message.get("clientMsgId").asString();
      assertThat(byClientMsgId.put(key, message)).as("stored twice: %s", key).isNull();
    }
    for (int i = 0; i < bySeq.size(); i++) {
      assertThat(bySeq.get(i)).as("seq at position %d", i).isEqualTo(i + 1L);
    }
    long ackedHere = 0;
    for (JsonNode ack : acked.values()) {
      if (!ack.get("roomId").asString().equals(roomId)) {
        continue;
      }
      ackedHere++;
      String key = ack.get("senderId").asString() + "/" + ack.get("clientMsgId").asString();
      assertThat(byClientMsgId.get(key))
          .as("acknowledged message %s after the restart", key)
          .isEqualTo(ack);
    }
    assertThat((long) history.size()).isGreaterThanOrEqualTo(ackedHere + systemMessages);
    assertThat(ackedHere).isPositive();
  }

  /**
   * Sends one message after the restart and returns it once stored: a cluster node answers 503
   * while the room's partition is still on its way to it, and the client resends with the same
   * {@code clientMsgId}, as the error asks.
   */
  private static JsonNode sayUntilStored(
      DugoutClient client, String token, String roomId, String clientMsgId)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (true) {
      var response = say(client, token, roomId, clientMsgId, "the sequence continues");
      if (response.status() == 201 || response.status() == 200) {
        return response.json();
      }
      assertThat(response.status()).as("%s", response).isEqualTo(503);
      assertThat(System.nanoTime()).as("stored within 60 s").isLessThan(deadline);
      Thread.sleep(250);
    }
  }

  private static ApiResponse say(
      DugoutClient client, String token, String roomId, String clientMsgId, String content) {
    return client.postJson(
        token,
        "/api/v1/rooms/" + roomId + "/messages",
        Map.of("clientMsgId", clientMsgId, "kind", "TEXT", "content", content));
  }

  private static String members(String roomId) {
    return "/api/v1/rooms/" + roomId + "/members";
  }

  private static List<String> memberIds(JsonNode room) {
    var ids = new ArrayList<String>();
    room.get("members").forEach(m -> ids.add(m.get("userId").asString()));
    return ids;
  }
}
