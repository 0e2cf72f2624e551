package io.dugout.push;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.DugoutClient;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;

/** What the push crash tests share: a node's push settings, the sends and the checks on FCM. */
public final class PushChecks {

  private PushChecks() {}

  /** Push through the fake FCM, retrying every 200 to 500 ms. */
  public static String[] pushArgs(FakeFcm fcm, Path dir) throws Exception {
    return new String[] {
      "--dugout.push.fcm.service-account-file=" + fcm.serviceAccount(dir),
      "--dugout.push.fcm.api-url=" + fcm.url(),
      "--dugout.push.initial-backoff=200ms",
      "--dugout.push.max-backoff=500ms"
    };
  }

  public static final String DEAD_LETTERS = "/api/v1/admin/push/dead-letters";

  /** The user's push dead letters, newest first, as a service token reads them. */
  public static List<JsonNode> deadLettersOf(DugoutClient client, String userId) {
    var page = client.get(client.serviceToken("operator"), DEAD_LETTERS);
    assertThat(page.status()).as("%s", page).isEqualTo(200);
    var letters = new ArrayList<JsonNode>();
    for (JsonNode letter : page.json().get("deadLetters")) {
      if (letter.get("userId").asString().equals(userId)) {
        letters.add(letter);
      }
    }
    return letters;
  }

  public static void registerPhone(DugoutClient client, String userId, String token) {
    var put =
        client.send(
            "PUT",
            client.token(userId),
            "/api/v1/users/me/devices/phone",
            "{\"platform\": \"fcm\", \"token\": \"" + token + "\"}");
    assertThat(put.status()).as("%s", put).isEqualTo(201);
  }

  /**
   * Creates {@code rooms} rooms of the sender with the recipient and sends three messages to each,
   * every one acknowledged; answers each room's newest seq. With FCM refusing, the first message's
   * push is retrying when the second comes, so the second is an outbox entry of its own, and the
   * third supersedes it while it waits for the room interval, in memory only: a resume after a kill
   * must find the third in the notification store.
   */
  public static Map<String, Long> messagesTo(
      DugoutClient client, String sender, String recipient, int rooms) {
    String token = client.token(sender);
    var newest = new HashMap<String, Long>();
    for (int r = 0; r < rooms; r++) {
      var room =
          client.postJson(
              token,
              "/api/v1/rooms",
              Map.of("type", "GROUP", "title", "Room " + r, "memberIds", List.of(recipient)));
      assertThat(room.status()).as("%s", room).isEqualTo(201);
      String roomId = room.text("id");
      for (int m = 0; m < 3; m++) {
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
  public static Map<String, Long> newestSeqPerRoom(List<JsonNode> pushes) {
    return pushes.stream()
        .filter(p -> p.at("/data/kind").asString().equals("chat.message"))
        .collect(
            Collectors.toMap(
                p -> p.at("/data/roomId").asString(),
                p -> Long.parseLong(p.at("/data/seq").asString()),
                Math::max));
  }

  /** Every push of a room, repeated ones too, carries the room's one collapse key and tag. */
  public static void assertOneCollapseKeyPerRoom(List<JsonNode> pushes, Set<String> rooms) {
    for (JsonNode p : pushes) {
      String key = "room:" + p.at("/data/roomId").asString();
      assertThat(p.at("/android/collapse_key").asString()).isEqualTo(key);
      assertThat(p.at("/android/notification/tag").asString()).isEqualTo(key);
    }
    assertThat(pushes.stream().map(p -> p.at("/android/collapse_key").asString()).distinct())
        .containsExactlyInAnyOrderElementsOf(rooms.stream().map(r -> "room:" + r).toList());
  }
}
