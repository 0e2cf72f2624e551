package io.dugout.notification;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.api.ApiTest;
import io.dugout.message.MessageKind;
import io.dugout.message.NewMessage;
import io.dugout.message.Sequencer;
import io.dugout.message.UnnotifiedMessages;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * On one node too, a stored message whose notification was never made (its notifier's queue was
 * full) is notified while the node runs, by {@link UnnotifiedSweep}, rather than at its next start.
 */
@TestPropertySource(
    properties = {
      "dugout.notifications.unnotified-sweep=300ms",
      "dugout.notifications.unnotified-removal=100ms"
    })
class UnnotifiedSweepTests extends ApiTest {

  private static final String PATH = "/api/v1/notifications";

  @Autowired Sequencer sequencer;
  @Autowired UnnotifiedMessages unnotified;

  @Test
  void aStoredMessageLeftUnnotifiedIsNotifiedByTheNextSweepButOne() throws InterruptedException {
    String alice = user("alice");
    String bob = user("bob");
    String room = group(client.token(alice), "Pitch", bob);
    var sent =
        client.postJson(
            client.token(alice),
            "/api/v1/rooms/" + room + "/messages",
            Map.of("clientMsgId", "c-1", "kind", "TEXT", "content", "first"));
    assertThat(sent.status()).as("%s", sent).isLessThan(300);
    Waits.until(() -> count(bob, room) == 1, Duration.ofSeconds(10), "bob's notification");

    // why: stored with its mark, but never offered to the notifier, as a dropped message is
    var stored =
        sequencer.append(
            room,
            new NewMessage(alice, MessageKind.TEXT, "second", List.of(), "c-2", Instant.now()));

    Waits.until(() -> count(bob, room) == 2, Duration.ofSeconds(10), "the second notified");
    assertThat(chat(bob, room).get("data").get("seq").asLong()).isEqualTo(stored.message().seq());
    Waits.until(
        () -> unnotified.oldest(1000).stream().noneMatch(m -> m.roomId().equals(room)),
        Duration.ofSeconds(10),
        "its mark removed");
    // why: five more sweeps; none notifies either message again
    Thread.sleep(1500);
    assertThat(count(bob, room)).isEqualTo(2);
  }

  private int count(String userId, String roomId) {
    var n = chat(userId, roomId);
    return n == null ? 0 : n.get("count").asInt();
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
}
