package io.dugout.notification;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.api.ApiTest;
import io.dugout.message.Message;
import io.dugout.message.MessageKind;
import io.dugout.message.MessageStore;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * Messages notified again after a restart ({@link ChatNotifier#replay}) leave members who are
 * already past them as they are: read stays read, and a notification never goes back to an older
 * message.
 */
class ChatReplayTests extends ApiTest {

  private static final String PATH = "/api/v1/notifications";

  @Autowired ChatNotifier notifier;
  @Autowired MessageStore messages;

  @Test
  void aReplayedMessageNeverReopensANotificationItsMemberHasRead() {
    String alice = user("alice");
    String bob = user("bob");
    String room = group(client.token(alice), "Pitch", bob);
    say(client.token(alice), room, "c-1", "first");
    say(client.token(alice), room, "c-2", "second");
    Waits.until(() -> seq(chat(bob, room)) == 2, Duration.ofSeconds(10), "bob's notification");
    var read =
        client.postJson(client.token(bob), "/api/v1/rooms/" + room + "/read", Map.of("seq", 2));
    assertThat(read.status()).as("%s", read).isEqualTo(200);
    Waits.until(
        () -> !chat(bob, room).get("readAt").isNull(), Duration.ofSeconds(10), "the read settled");

    notifier.replay(messages.get(room, List.of(1L, 2L)));

    var after = chat(bob, room);
    assertThat(after.get("readAt").isNull()).isFalse();
    assertThat(seq(after)).isEqualTo(2);
    assertThat(after.get("count").asInt()).isEqualTo(2);
    assertThat(client.get(client.token(bob), PATH).json().get("unreadCount").asLong()).isZero();
  }

  @Test
  void aReplayedMessageNeverMovesARoomsNotificationBackToAnOlderSeq() {
    String alice = user("alice");
    String bob = user("bob");
    String room = group(client.token(alice), "Pitch", bob);
    say(client.token(alice), room, "c-1", "first");
    say(client.token(alice), room, "c-2", "second");
    say(client.token(alice), room, "c-3", "third");
    Waits.until(() -> seq(chat(bob, room)) == 3, Duration.ofSeconds(10), "bob's notification");

    notifier.replay(messages.get(room, List.of(1L, 2L, 3L)));

    var after = chat(bob, room);
    assertThat(seq(after)).isEqualTo(3);
    assertThat(after.get("body").asString()).isEqualTo("third");
    assertThat(after.get("count").asInt()).isEqualTo(3);
    assertThat(after.get("readAt").isNull()).isTrue();
  }

  @Test
  void aReplayedMessageNotifiesAMemberNotYetPastIt() {
    String alice = user("alice");
    String bob = user("bob");
    String room = group(client.token(alice), "Pitch", bob);
    say(client.token(alice), room, "c-1", "first");
    Waits.until(() -> seq(chat(bob, room)) == 1, Duration.ofSeconds(10), "bob's notification");
    // why: as a message stored just before a kill, whose notification was never made
    var unnotified =
        new Message(room, 2, alice, MessageKind.TEXT, "second", List.of(), "c-2", Instant.now());

    notifier.replay(List.of(unnotified));

    var after = chat(bob, room);
    assertThat(seq(after)).isEqualTo(2);
    assertThat(after.get("body").asString()).isEqualTo("second");
    assertThat(after.get("count").asInt()).isEqualTo(2);
  }

  /** The user's chat notification of the room, or null. */
  private JsonNode chat(String userId, String roomId) {
    for (JsonNode n : client.get(client.token(userId), PATH).json().get("notifications")) {
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
