package io.dugout.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How every {@link MessageStore} adapter keeps changes to messages (ADR 15): each change an entry
 * of the room's log with a seq of its own, its effect on the target stored with it, the entry
 * itself without content, and nothing applied twice. Runs inside {@link MessageStoreContract} (as
 * its nested {@code Changes}), on the store each adapter's test class opens.
 */
public abstract class MessageChangeContract {

  private static final String ROOM = "0193f6c2-0000-7000-8000-00000000c0de";
  private static final Instant SENT = Instant.parse("2026-11-29T10:00:00Z");

  /** The store under test, open over fresh storage. */
  protected abstract MessageStore store();

  /** The node's sequencer over {@link #store}. */
  protected abstract Sequencer sequencer();

  /** Closes the store and opens it again over the same storage, with a new sequencer(). */
  protected abstract void restart() throws Exception;

  @Test
  void anEditIsAnEntryOfItsOwnThatChangesItsTargetAndKeepsNoContent() {
    post("alice", "m1", "helo");
    post("bob", "m2", "hi");

    var edit = change("alice", MessageChange.EDITED, 1, "hello", null, "e1");

    assertThat(edit.created()).isTrue();
    Message entry = edit.message();
    assertThat(entry.seq()).isEqualTo(3);
    assertThat(entry.ordinal()).as("a change counts no message").isEqualTo(2);
    assertThat(entry.change()).isEqualTo("message.edited");
    assertThat(entry.targetSeq()).isEqualTo(1);
    assertThat(entry.content()).as("the entry holds what happened, not content").isNull();
    assertThat(entry.target().content()).isEqualTo("hello");
    assertThat(entry.target().editedAt()).isEqualTo(SENT.plusSeconds(3));
    assertThat(entry.target().changedSeq()).isEqualTo(3);

    assertThat(at(1).content()).isEqualTo("hello");
    assertThat(at(1).changedSeq()).isEqualTo(3);
    assertThat(at(3).content()).isNull();
    assertThat(at(3).target()).as("a stored entry carries no target").isNull();
    assertThat(store().head(ROOM)).isEqualTo(new MessageStore.Head(3, 2));
  }

  @Test
  void aDeleteRemovesContentAndAttachmentsAndNothingBringsThemBack() {
    sequencer()
        .append(
            ROOM,
            new NewMessage(
                "alice",
                MessageKind.IMAGE,
                "the bike",
                List.of(
                    new Attachment("https://cdn.example/bike.jpg", "bike.jpg", 1200, "image/jpeg")),
                "m1",
                SENT));
    change("alice", MessageChange.EDITED, 1, "the red bike", null, "e1");

    var deleted = change("bob", MessageChange.DELETED, 1, null, null, "d1").message().target();
    change("alice", MessageChange.EDITED, 1, "back again", null, "e2");
    change("carol", MessageChange.REACTION_ADDED, 1, null, "👍", "r1");

    for (Message tombstone : List.of(deleted, at(1))) {
      assertThat(tombstone.deleted()).isTrue();
      assertThat(tombstone.deletedBy()).isEqualTo("bob");
      assertThat(tombstone.deletedAt()).isNotNull();
      assertThat(tombstone.content()).isEmpty();
      assertThat(tombstone.attachments()).isEmpty();
      assertThat(tombstone.reactions()).isEmpty();
      assertThat(tombstone.seq()).isEqualTo(1);
    }
    assertThat(store().after(ROOM, 0, 10))
        .as("no entry holds the old text")
        .noneMatch(m -> m.content() != null && m.content().contains("bike"));
  }

  @Test
  void reactionsCountEachUserOnceAndGoAwayWhenRemoved() {
    post("alice", "m1", "deal?");
    change("bob", MessageChange.REACTION_ADDED, 1, null, "👍", "r1");
    change("carol", MessageChange.REACTION_ADDED, 1, null, "👍", "r2");
    change("bob", MessageChange.REACTION_ADDED, 1, null, "👍", "r3");
    change("bob", MessageChange.REACTION_ADDED, 1, null, "🎉", "r4");

    assertThat(at(1).reactions())
        .containsExactly(
            new Message.Reaction("👍", 2, List.of("bob", "carol")),
            new Message.Reaction("🎉", 1, List.of("bob")));

    change("bob", MessageChange.REACTION_REMOVED, 1, null, "🎉", "r5");
    change("carol", MessageChange.REACTION_REMOVED, 1, null, "👍", "r6");

    assertThat(at(1).reactions()).containsExactly(new Message.Reaction("👍", 1, List.of("bob")));
    assertThat(at(7).emoji()).isEqualTo("👍");
    assertThat(at(7).senderId()).isEqualTo("carol");
  }

  @Test
  void aRetriedChangeAnswersTheOriginalAndAppliesNothingTwice() {
    post("alice", "m1", "deal?");
    var first = change("bob", MessageChange.REACTION_ADDED, 1, null, "👍", "r1");

    var again = change("bob", MessageChange.REACTION_ADDED, 1, null, "👍", "r1");

    assertThat(again.created()).isFalse();
    assertThat(again.message().seq()).isEqualTo(first.message().seq());
    assertThat(again.message().target().reactions())
        .containsExactly(new Message.Reaction("👍", 1, List.of("bob")));
    assertThat(store().lastSeq(ROOM)).isEqualTo(2);
  }

  @Test
  void twoChangesToOneMessageWrittenTogetherApplyInTheirOrder() {
    post("alice", "m1", "first");
    var written =
        store()
            .writeInOrder(
                List.of(
                    draft("alice", MessageChange.EDITED, 1, "second", null, "e1")
                        .withSeq(ROOM, 2, 1),
                    draft("bob", MessageChange.REACTION_ADDED, 1, null, "❤️", "r1")
                        .withSeq(ROOM, 3, 1),
                    draft("alice", MessageChange.EDITED, 1, "third", null, "e2")
                        .withSeq(ROOM, 4, 1)));

    assertThat(written)
        .extracting(MessageStore.Written::outcome)
        .containsOnly(MessageStore.Outcome.CREATED);
    assertThat(written.getLast().message().target().content()).isEqualTo("third");
    assertThat(at(1).content()).isEqualTo("third");
    assertThat(at(1).reactions()).extracting(Message.Reaction::emoji).containsExactly("❤️");
    assertThat(at(1).changedSeq()).isEqualTo(4);
  }

  @Test
  void pagesShowEveryEntryWithMessagesInTheirCurrentState() {
    post("alice", "m1", "one");
    post("bob", "m2", "two");
    change("alice", MessageChange.EDITED, 1, "one!", null, "e1");
    post("alice", "m3", "three");

    assertThat(store().before(ROOM, Long.MAX_VALUE, 10))
        .extracting(Message::seq, Message::content, Message::ordinal)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(4L, "three", 3L),
            org.assertj.core.groups.Tuple.tuple(3L, null, 2L),
            org.assertj.core.groups.Tuple.tuple(2L, "two", 2L),
            org.assertj.core.groups.Tuple.tuple(1L, "one!", 1L));
    assertThat(store().get(ROOM, List.of(1L, 3L, 99L)))
        .extracting(Message::seq)
        .containsExactlyInAnyOrder(1L, 3L);
    assertThat(store().getJson(ROOM, List.of(1L, 3L, 99L)))
        .as("the same entries as their JSON")
        .map(json -> new String(json, java.nio.charset.StandardCharsets.UTF_8))
        .containsExactlyInAnyOrderElementsOf(
            MessageJson.writeAll(store().get(ROOM, List.of(1L, 3L))).stream()
                .map(json -> new String(json, java.nio.charset.StandardCharsets.UTF_8))
                .toList());
  }

  @Test
  void anEntryReadByItsJsonAgainAfterEachChangeIsAsItIsNow() {
    post("alice", "m1", "first");
    post("bob", "m2", "a reply");
    assertThat(json(1)).contains("\"content\":\"first\"");

    change("alice", MessageChange.EDITED, 1, "first, edited", null, "e1");
    assertThat(json(1)).contains("\"content\":\"first, edited\"");
    change("bob", MessageChange.REACTION_ADDED, 1, null, "👍", "r1");
    assertThat(json(1)).contains("👍");
    change("alice", MessageChange.DELETED, 1, null, null, "d1");

    assertThat(json(1))
        .as("read many times, the message is what the store holds: deleted, without content")
        .isEqualTo(new String(MessageJson.write(at(1)), java.nio.charset.StandardCharsets.UTF_8))
        .contains("\"deleted\":true")
        .doesNotContain("first");
  }

  @Test
  void theMessageANewReplyNamesIsReadAsItIsNowBeforeAndAfterAChange() {
    post("alice", "m1", "first");
    assertThat(store().getRepliedTo(ROOM, 1)).containsExactly(at(1));
    assertThat(store().getRepliedTo(ROOM, 99)).isEmpty();

    change("alice", MessageChange.EDITED, 1, "first, edited", null, "e1");

    assertThat(store().getRepliedTo(ROOM, 1))
        .as("what was read for a reply is never served stale")
        .extracting(Message::content)
        .containsExactly("first, edited");
    assertThat(json(1)).contains("\"content\":\"first, edited\"");
  }

  private String json(long seq) {
    var found = store().getJson(ROOM, List.of(seq));
    assertThat(found).hasSize(1);
    return new String(found.getFirst(), java.nio.charset.StandardCharsets.UTF_8);
  }

  @Test
  void keepsChangesTheirEffectsAndTheHeadAcrossRestart() throws Exception {
    post("alice", "m1", "one");
    change("alice", MessageChange.EDITED, 1, "uno", null, "e1");
    change("bob", MessageChange.REACTION_ADDED, 1, null, "👍", "r1");

    restart();

    assertThat(store().head(ROOM)).isEqualTo(new MessageStore.Head(3, 1));
    assertThat(at(1).content()).isEqualTo("uno");
    assertThat(change("bob", MessageChange.REACTION_ADDED, 1, null, "👍", "r1").created())
        .as("the retry key survives")
        .isFalse();
    assertThat(post("carol", "m2", "two").message().ordinal()).isEqualTo(2);
  }

  private MessageStore.Appended post(String sender, String clientMsgId, String content) {
    return sequencer()
        .append(
            ROOM, new NewMessage(sender, MessageKind.TEXT, content, List.of(), clientMsgId, SENT));
  }

  private MessageStore.Appended change(
      String actor,
      MessageChange change,
      long target,
      String content,
      String emoji,
      String clientMsgId) {
    return sequencer().append(ROOM, draft(actor, change, target, content, emoji, clientMsgId));
  }

  private NewMessage draft(
      String actor,
      MessageChange change,
      long target,
      String content,
      String emoji,
      String clientMsgId) {
    long at = store().lastSeq(ROOM) + 1;
    return NewMessage.change(
        actor, change, target, content, emoji, clientMsgId, SENT.plusSeconds(at));
  }

  private Message at(long seq) {
    return store().get(ROOM, List.of(seq)).getFirst();
  }
}
