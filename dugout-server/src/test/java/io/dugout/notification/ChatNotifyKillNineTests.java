package io.dugout.notification;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.ServerProcess;
import io.dugout.Waits;
import io.dugout.api.DugoutClient;
import io.dugout.push.FakeFcm;
import io.dugout.push.PushChecks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Chat notifications survive a kill on one node: the notifier holds stored messages for a second
 * ({@code chat-gather}), the node is killed with SIGKILL while it holds them, and once it starts
 * again on the same data directory the away member has their one notification of the room, counting
 * every message once, and their phone the room's newest message, every push collapsing into one.
 */
class ChatNotifyKillNineTests {

  private static final int MESSAGES = 3;
  private static final Duration PATIENCE = Duration.ofSeconds(40);

  @TempDir Path dir;

  @Test
  void notifiesTheMessagesTheNotifierHeldWhenTheNodeWasKilledAfterItStartsAgain() throws Exception {
    try (var fcm = new FakeFcm()) {
      String[] args =
          Stream.concat(
                  Stream.of(PushChecks.pushArgs(fcm, dir)),
                  Stream.of("--dugout.notifications.chat-gather=1s"))
              .toArray(String[]::new);
      String token = "fcm-bob-phone";
      try (var server = ServerProcess.start(dir.resolve("data"), args)) {
        var client = DugoutClient.onPort(server.port());
        PushChecks.registerPhone(client, "bob", token);
        String room = room(client, "alice", "bob");
        notifierCaughtUp(client);

        long last = 0;
        for (int i = 1; i <= MESSAGES; i++) {
          last = say(client, "alice", room, "m" + i);
        }
        assertThat(server.kill()).as("killed by SIGKILL").isEqualTo(128 + 9);

        long newest = last;
        server.restart(args);
        Waits.until(
            () -> seq(chat(client, "bob", room)) == newest,
            PATIENCE,
            "bob's notification of the newest message after the restart");
        var notification = chat(client, "bob", room);
        assertThat(notification.get("count").asInt()).isEqualTo(MESSAGES);
        assertThat(notification.get("body").asString()).isEqualTo("m" + MESSAGES);
        assertThat(Files.readString(server.log()))
            .as("the restart notified what the kill left")
            .contains("message(s) the last run had not notified");
        Waits.until(
            () -> PushChecks.newestSeqPerRoom(fcm.acceptedFor(token)).equals(Map.of(room, newest)),
            PATIENCE,
            "bob's phone told of the newest message");
        // why not "at most once": a push the provider accepted just before the kill may go again
        // (push.md, at least once); every copy collapses into the room's one notification
        var collapseKeys = new ArrayList<String>();
        fcm.acceptedFor(token)
            .forEach(p -> collapseKeys.add(p.at("/android/collapse_key").asString()));
        assertThat(collapseKeys).as("one notification on the phone").containsOnly("room:" + room);
      }
    }
  }

  /**
   * Waits until a message posted now has made its notification: the notifier has just drained its
   * queue, so the next message it takes opens a fresh gathering of a second.
   */
  private static void notifierCaughtUp(DugoutClient client) {
    String room = room(client, "poster", "witness");
    long seq = say(client, "poster", room, "marker");
    Waits.until(
        () -> seq(chat(client, "witness", room)) == seq, PATIENCE, "the marker's notification");
  }

  private static String room(DugoutClient client, String owner, String member) {
    var created =
        client.postJson(
            client.token(owner),
            "/api/v1/rooms",
            Map.of("type", "GROUP", "title", "Pitch", "memberIds", List.of(member)));
    assertThat(created.status()).as("%s", created).isEqualTo(201);
    return created.text("id");
  }

  private static long say(DugoutClient client, String sender, String roomId, String text) {
    var sent =
        client.postJson(
            client.token(sender),
            "/api/v1/rooms/" + roomId + "/messages",
            Map.of("clientMsgId", text, "kind", "TEXT", "content", text));
    assertThat(sent.status()).as("%s", sent).isEqualTo(201);
    return sent.number("seq");
  }

  /** The user's chat notification of the room, or null. */
  private static JsonNode chat(DugoutClient client, String userId, String roomId) {
    var page = client.get(client.token(userId), "/api/v1/notifications");
    if (page.status() != 200) {
      return null;
    }
    for (JsonNode n : page.json().get("notifications")) {
      if (n.get("kind").asString().equals("chat.message")
          && n.get("data").get("roomId").asString().equals(roomId)) {
        return n;
      }
    }
    return null;
  }

  private static long seq(JsonNode notification) {
    return notification == null ? 0 : notification.get("data").get("seq").asLong();
  }
}
