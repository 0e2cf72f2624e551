package io.dugout.notification;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.message.Message;
import io.dugout.message.MessageKind;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChatNotifierTests {

  @Test
  void queuedMessagesNotifyOncePerRoomWithTheNewestAndHowManyThereWere() {
    var r1First = message("r1", 1);
    var r2 = message("r2", 7);
    var r1Second = message("r1", 2);
    var r1Third = message("r1", 3);

    var rooms = List.copyOf(ChatNotifier.byRoom(List.of(r1First, r2, r1Second, r1Third)));

    assertThat(rooms)
        .containsExactly(new ChatNotifier.Pending(r1Third, 3), new ChatNotifier.Pending(r2, 1));
  }

  @Test
  void aLoneMessageStandsForOne() {
    var only = message("r1", 1);

    assertThat(ChatNotifier.byRoom(List.of(only)))
        .containsExactly(new ChatNotifier.Pending(only, 1));
  }

  @Test
  void aPreviewKeepsTheStartOfALongMessage() {
    var longOne =
        new Message("r", 1, "u", MessageKind.TEXT, "x".repeat(500), List.of(), "c", Instant.EPOCH);

    assertThat(ChatNotifier.preview(longOne)).hasSize(ChatNotifier.PREVIEW_CHARS).endsWith("…");
  }

  private static Message message(String roomId, long seq) {
    return new Message(
        roomId, seq, "alice", MessageKind.TEXT, "m" + seq, List.of(), "c" + seq, Instant.EPOCH);
  }
}
