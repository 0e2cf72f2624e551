package io.dugout.message;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.message.UnnotifiedMessages.Mark;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How every {@link UnnotifiedMessages} adapter keeps the marks its {@link MessageStore} writes.
 * Runs inside {@link MessageStoreContract} (as its nested {@code Unnotified}), on the store each
 * adapter's test class opens.
 */
public abstract class UnnotifiedMessagesContract {

  private static final String ROOM = "0193f6c2-0000-7000-8000-0000000a0001";
  private static final String OTHER_ROOM = "0193f6c2-0000-7000-8000-0000000a0002";
  private static final Instant SENT = Instant.parse("2026-12-01T10:00:00Z");

  /** The node's sequencer over the store under test. */
  protected abstract Sequencer sequencer();

  /** The marks of the store under test, as it is now. */
  protected abstract UnnotifiedMessages unnotified();

  /** Closes the store and opens it again over the same storage. */
  protected abstract void restart() throws Exception;

  @Test
  void marksEachNewMessageByRoomAndSeqUntilItIsRemovedAcrossARestart() throws Exception {
    post(OTHER_ROOM, "alice", "o1");
    post(ROOM, "alice", "m1");
    post(ROOM, "bob", "m2");

    restart();
    assertThat(unnotified().oldest(10))
        .containsExactlyElementsOf(
            sorted(new Mark(ROOM, 1), new Mark(ROOM, 2), new Mark(OTHER_ROOM, 1)));
    assertThat(unnotified().oldest(1))
        .containsExactly(sorted(new Mark(ROOM, 1), new Mark(OTHER_ROOM, 1)).getFirst());

    unnotified().remove(List.of(new Mark(ROOM, 1), new Mark(OTHER_ROOM, 1)));
    unnotified().remove(List.of(new Mark(ROOM, 1)));
    restart();
    assertThat(unnotified().oldest(10)).containsExactly(new Mark(ROOM, 2));
  }

  @Test
  void marksNoChangeEntryNoSystemMessageAndNoRetry() {
    post(ROOM, "alice", "m1");
    unnotified().remove(List.of(new Mark(ROOM, 1)));

    var retry = post(ROOM, "alice", "m1");
    sequencer()
        .append(
            ROOM, NewMessage.change("alice", MessageChange.EDITED, 1, "edited", null, "e1", SENT));
    sequencer()
        .append(
            ROOM,
            NewMessage.system(
                "bob",
                "bob joined",
                "s1",
                SENT,
                new SystemEvent("room.member.joined", "bob", "bob", null)));

    assertThat(retry.created()).isFalse();
    assertThat(unnotified().oldest(10)).isEmpty();
  }

  @Test
  void anEditAndAReactionKeepTheMarkOfTheMessageTheyChange() {
    post(ROOM, "alice", "m1");

    sequencer()
        .append(
            ROOM, NewMessage.change("alice", MessageChange.EDITED, 1, "edited", null, "e1", SENT));
    sequencer()
        .append(
            ROOM,
            NewMessage.change("bob", MessageChange.REACTION_ADDED, 1, null, "👍", "r1", SENT));

    assertThat(unnotified().oldest(10)).containsExactly(new Mark(ROOM, 1));
  }

  private MessageStore.Appended post(String room, String sender, String clientMsgId) {
    return sequencer()
        .append(room, new NewMessage(sender, MessageKind.TEXT, "hi", List.of(), clientMsgId, SENT));
  }

  /** Marks in the order of their keys: by room id, then seq. */
  private static List<Mark> sorted(Mark... marks) {
    return java.util.Arrays.stream(marks)
        .sorted(java.util.Comparator.comparing(Mark::roomId).thenComparingLong(Mark::seq))
        .toList();
  }
}
