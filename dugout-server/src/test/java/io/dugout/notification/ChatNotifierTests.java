package io.dugout.notification;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.message.Message;
import io.dugout.message.MessageKind;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ChatNotifierTests {

  @Test
  void queuedMessagesAreNotifiedOncePerRoomInTheirOrder() {
    var r1First = message("r1", 1, "alice");
    var r2 = message("r2", 7, "alice");
    var r1Second = message("r1", 2, "alice");
    var r1Third = message("r1", 3, "alice");

    var rooms = List.copyOf(ChatNotifier.byRoom(List.of(r1First, r2, r1Second, r1Third)));

    assertThat(rooms)
        .extracting(ChatNotifier.Pending::messages)
        .containsExactly(List.of(r1First, r1Second, r1Third), List.of(r2));
    assertThat(rooms.getFirst().newestFor("bob")).isEqualTo(r1Third);
    assertThat(rooms.getFirst().countFor("bob")).isEqualTo(3);
  }

  @Test
  void aMemberWhoseOwnMessageIsTheNewestIsStillNotifiedOfTheOthersBeforeIt() {
    var fromBob = message("r1", 1, "bob");
    var fromAlice = message("r1", 2, "alice");
    var pending = List.copyOf(ChatNotifier.byRoom(List.of(fromBob, fromAlice))).getFirst();

    assertThat(pending.newestFor("alice")).isEqualTo(fromBob);
    assertThat(pending.countFor("alice")).isEqualTo(1);
    assertThat(pending.newestFor("bob")).isEqualTo(fromAlice);
    assertThat(pending.countFor("bob")).isEqualTo(1);
    assertThat(pending.newestFor("carol")).isEqualTo(fromAlice);
    assertThat(pending.countFor("carol")).isEqualTo(2);
  }

  @Test
  void aMemberIsNotifiedOfOnlyTheMessagesOfSendersTheyHaveNotBlocked() {
    var fromBob = message("r1", 1, "bob");
    var fromSpammer = message("r1", 2, "spammer");
    var alsoFromSpammer = message("r1", 3, "spammer");
    var pending =
        List.copyOf(ChatNotifier.byRoom(List.of(fromBob, fromSpammer, alsoFromSpammer))).getFirst();

    assertThat(pending.newestFor("alice", Set.of("spammer"))).isEqualTo(fromBob);
    assertThat(pending.countFor("alice", Set.of("spammer"))).isEqualTo(1);
    assertThat(pending.newestFor("bob", Set.of("spammer"))).isNull();
    assertThat(pending.countFor("bob", Set.of("spammer"))).isZero();
    assertThat(pending.newestFor("alice", Set.of())).isEqualTo(alsoFromSpammer);
  }

  @Test
  void aMemberWhoSentEveryQueuedMessageIsNotNotified() {
    var pending =
        List.copyOf(
                ChatNotifier.byRoom(List.of(message("r1", 1, "alice"), message("r1", 2, "alice"))))
            .getFirst();

    assertThat(pending.newestFor("alice")).isNull();
    assertThat(pending.countFor("alice")).isZero();
  }

  @Test
  void aPreviewKeepsTheStartOfALongMessage() {
    var longOne =
        new Message("r", 1, "u", MessageKind.TEXT, "x".repeat(500), List.of(), "c", Instant.EPOCH);

    assertThat(ChatNotifier.preview(longOne)).hasSize(ChatNotifier.PREVIEW_CHARS).endsWith("…");
  }

  private static Message message(String roomId, long seq, String senderId) {
    return new Message(
        roomId, seq, senderId, MessageKind.TEXT, "m" + seq, List.of(), "c" + seq, Instant.EPOCH);
  }
}
