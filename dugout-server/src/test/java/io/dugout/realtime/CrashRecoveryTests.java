package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.ServerProcess;
import io.dugout.Waits;
import io.dugout.api.ApiResponse;
import io.dugout.api.DugoutClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Kills the server process for real while clients send, and checks what survived. */
class CrashRecoveryTests {

  private static final String[] NO_RATE_LIMIT = {
    "--dugout.realtime.messages-per-second=1000000", "--dugout.realtime.message-burst=1000000"
  };

  @TempDir Path dir;

  @Test
  void keepsEveryReceiptedMessageExactlyOnceInOrderAfterKillMinus9() throws Exception {
    try (var server = ServerProcess.start(dir.resolve("data"), NO_RATE_LIMIT)) {
      int port = server.port();
      String[] users = {"u0", "u1", "u2", "u3"};
      String room = createGroup(port, users);
      Map<String, List<String>> receipted = new ConcurrentHashMap<>();
      Map<String, List<String>> unconfirmed = new ConcurrentHashMap<>();
      var threads = new ArrayList<Thread>();
      for (String user : users) {
        var client = StompTestClient.connect(port, token(port, user));
        receipted.put(user, Collections.synchronizedList(new ArrayList<>()));
        unconfirmed.put(user, Collections.synchronizedList(new ArrayList<>()));
        threads.add(
            Thread.ofVirtual()
                .start(
                    () -> {
                      for (int i = 0; i < 100_000; i++) {
                        String id = user + "-" + i;
                        unconfirmed.get(user).add(id);
                        try {
                          client.sendJson(
                              "/app/rooms." + room + ".messages",
                              RealtimeTestBase.text(id, "x"),
                              "r-" + id);
                          client.awaitReceipt("r-" + id);
                        } catch (RuntimeException | AssertionError e) {
                          return; // the server died under us
                        }
                        unconfirmed.get(user).remove(id);
                        receipted.get(user).add(id);
                      }
                    }));
      }
      Waits.until(
          () -> receipted.values().stream().mapToInt(List::size).sum() >= 400,
          Duration.ofSeconds(90),
          "400 receipts before the kill");
      server.kill();
      for (Thread t : threads) {
        Waits.joined(t, Duration.ofSeconds(30));
      }
      assertThat(server.isAlive()).isFalse();

      server.restart(NO_RATE_LIMIT);
      // why: a client whose SEND was cut off retries it; that must not duplicate anything
      String token0 = token(port, "u0");
      for (String user : users) {
        for (String id : List.copyOf(unconfirmed.get(user))) {
          send(
              port,
              token(port, user),
              "POST",
              "/api/v1/rooms/" + room + "/messages",
              RealtimeTestBase.text(id, "x"));
        }
      }
      List<JsonNode> history = allMessages(port, token0, room);
      var seqs = history.stream().map(m -> m.get("seq").asLong()).toList();
      assertThat(seqs)
          .containsExactlyElementsOf(LongStream.rangeClosed(1, seqs.size()).boxed().toList());
      var ids = history.stream().map(m -> m.get("clientMsgId").asString()).toList();
      assertThat(new HashSet<>(ids)).hasSameSizeAs(ids);
      for (String user : users) {
        var mine = ids.stream().filter(id -> id.startsWith(user + "-")).toList();
        assertThat(mine).containsSubsequence(receipted.get(user));
        assertThat(mine).containsAll(receipted.get(user));
        // a user's messages are stored in the order the user sent them
        assertThat(
                mine.stream()
                    .map(id -> Integer.parseInt(id.substring(id.indexOf('-') + 1)))
                    .toList())
            .isSorted();
      }
    }
  }

  @Test
  void closesSessionsWithAReasonAndKeepsDataOnGracefulShutdown() throws Exception {
    try (var server = ServerProcess.start(dir.resolve("data"))) {
      int port = server.port();
      String room = createGroup(port, "alice");
      var alice = StompTestClient.connect(port, token(port, "alice"));
      alice.subscribeAndWait("a", "/topic/rooms." + room);
      alice.sendJson(
          "/app/rooms." + room + ".messages", RealtimeTestBase.text("before-stop", "x"), "r");
      alice.awaitReceipt("r");

      server.terminate();
      assertThat(alice.awaitClose()).isEqualTo(1001);
      assertThat(alice.closeReason()).isEqualTo("server shutting down");

      server.restart();
      var history = allMessages(port, token(port, "alice"), room);
      assertThat(history)
          .extracting(m -> m.get("clientMsgId").asString())
          .containsExactly("before-stop");
    }
  }

  private static String createGroup(int port, String... users) {
    return ok(DugoutClient.onPort(port)
            .postJson(
                token(port, users[0]),
                "/api/v1/rooms",
                Map.of("type", "GROUP", "memberIds", List.of(users))))
        .get("id")
        .asString();
  }

  private static List<JsonNode> allMessages(int port, String token, String room) {
    var all = new ArrayList<JsonNode>();
    long after = 0;
    // why: bounded, so a server that stopped advancing fails the test instead of hanging it
    for (int pages = 0; pages < 10_000; pages++) {
      var page =
          send(
              port,
              token,
              "GET",
              "/api/v1/rooms/" + room + "/messages?after=" + after + "&limit=100",
              null);
      var messages = new ArrayList<JsonNode>();
      page.get("messages").forEach(messages::add);
      if (messages.isEmpty()) {
        return all;
      }
      all.addAll(messages.reversed());
      after = all.getLast().get("seq").asLong();
    }
    throw new AssertionError("history of " + room + " did not end within 10,000 pages");
  }

  private static String token(int port, String user) {
    return DugoutClient.onPort(port).token(user);
  }

  private static JsonNode send(int port, String token, String method, String path, String body) {
    return ok(DugoutClient.onPort(port).send(method, token, path, body));
  }

  private static JsonNode ok(ApiResponse response) {
    assertThat(response.status()).as(response.toString()).isLessThan(300);
    return response.json();
  }
}
