package io.dugout.push;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.ServerProcess;
import io.dugout.Waits;
import io.dugout.api.DugoutClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * At least once across a crash, on one node: FCM refuses every push (an outage), so the pushes of
 * acknowledged messages wait in the node's retries; the node is killed with SIGKILL, FCM comes
 * back, the node starts again on the same data directory and pushes every one of them, each under
 * its room's collapse key.
 */
class PushKillNineTests {

  private static final int ROOMS = 6;
  private static final Duration PATIENCE = Duration.ofSeconds(40);

  @TempDir Path dir;

  @Test
  void pushesWhatWasUnfinishedWhenTheNodeWasKilledAfterItStartsAgain() throws Exception {
    try (var fcm = new FakeFcm()) {
      String[] push = PushKillNineTests.pushArgs(fcm, dir);
      String token = "fcm-bob-phone";
      var lastSeq = new HashMap<String, Long>();
      try (var server = ServerProcess.start(dir.resolve("data"), push)) {
        var client = DugoutClient.onPort(server.port());
        registerPhone(client, "bob", token);
        fcm.refuse(true);
        lastSeq.putAll(messagesToBob(client, "alice", ROOMS));
        Waits.until(
            () -> newestSeqPerRoom(fcm.refused()).equals(lastSeq),
            PATIENCE,
            "every room's newest message tried and refused");

        assertThat(server.kill()).as("killed by SIGKILL").isEqualTo(128 + 9);
        fcm.refuse(false);
        assertThat(fcm.accepted()).as("nothing accepted before the kill").isEmpty();

        server.restart(push);
        Waits.until(
            () -> newestSeqPerRoom(fcm.acceptedFor(token)).equals(lastSeq),
            PATIENCE,
            "every room's newest message pushed after the restart");
      }
      assertOneCollapseKeyPerRoom(fcm.acceptedFor(token), lastSeq.keySet());
    }
  }

  static String[] pushArgs(FakeFcm fcm, Path dir) throws Exception {
    return new String[] {
      "--dugout.push.fcm.service-account-file=" + fcm.serviceAccount(dir),
      "--dugout.push.fcm.api-url=" + fcm.url(),
      "--dugout.push.initial-backoff=200ms",
      "--dugout.push.max-backoff=500ms"
    };
  }

  static void registerPhone(DugoutClient client, String userId, String token) {
    var put =
        client.send(
            "PUT",
            client.token(userId),
            "/api/v1/users/me/devices/phone",
            "{\"platform\": \"fcm\", \"token\": \"" + token + "\"}");
    assertThat(put.status()).as("%s", put).isEqualTo(201);
  }

  /**
   * Creates {@code rooms} rooms of the sender with bob and sends two messages to each, every one
   * acknowledged; answers each room's newest seq.
   */
  static Map<String, Long> messagesToBob(DugoutClient client, String sender, int rooms) {
    String token = client.token(sender);
    var newest = new HashMap<String, Long>();
    for (int r = 0; r < rooms; r++) {
      var room =
          client.postJson(
              token,
              "/api/v1/rooms",
              Map.of("type", "GROUP", "title", "Room " + r, "memberIds", List.of("bob")));
      assertThat(room.status()).as("%s", room).isEqualTo(201);
      String roomId = room.text("id");
      for (int m = 0; m < 2; m++) {
        var sent =
            client.postJson(
                token,
                "/api/v1/rooms/" + roomId + "/messages",
                Map.of("clientMsgId", "m" + r + "-" + m, "kind", "TEXT", "content", "hello " + m));
        assertThat(sent.status()).as("%s", sent).isEqualTo(201);
        newest.put(roomId, sent.number("seq"));
      }
    }
    return newest;
  }

  /** The newest seq pushed per room: a room's newest push is the one its phone shows. */
  static Map<String, Long> newestSeqPerRoom(List<JsonNode> pushes) {
    return pushes.stream()
        .filter(p -> p.at("/data/kind").asString().equals("chat.message"))
        .collect(
            Collectors.toMap(
                p -> p.at("/data/roomId").asString(),
                p -> Long.parseLong(p.at("/data/seq").asString()),
                Math::max));
  }

  /** Every push of a room, repeated ones too, carries the room's one collapse key and tag. */
  static void assertOneCollapseKeyPerRoom(List<JsonNode> pushes, java.util.Set<String> rooms) {
    for (JsonNode p : pushes) {
      String key = "room:" + p.at("/data/roomId").asString();
      assertThat(p.at("/android/collapse_key").asString()).isEqualTo(key);
      assertThat(p.at("/android/notification/tag").asString()).isEqualTo(key);
    }
    assertThat(pushes.stream().map(p -> p.at("/android/collapse_key").asString()).distinct())
        .containsExactlyInAnyOrderElementsOf(rooms.stream().map(r -> "room:" + r).toList());
  }
}
