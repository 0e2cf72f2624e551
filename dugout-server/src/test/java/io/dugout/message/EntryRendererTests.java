package io.dugout.message;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Rendering a page of stored JSON gives the very bytes of encoding the rendered page, whether the
 * targets and replied messages lie in the page or only in the store; a change carries its target
 * only when the page does not hold it.
 */
class EntryRendererTests {

  private static final String ROOM = "r-1";
  private static final Instant AT = Instant.parse("2026-11-29T12:00:00Z");

  private final TreeMap<Long, Message> log = new TreeMap<>();
  private final EntryRenderer renderer = new EntryRenderer(store());

  @Test
  void aPageOfStoredJsonRendersToTheBytesOfTheRenderedPage() {
    put(
        new Message(
            ROOM, 1, "alice", MessageKind.TEXT, "the glove, \"red\" 👍", List.of(), "c-1", AT));
    put(reply(2, 1, "which one?"));
    put(change(3, MessageChange.EDITED, 1, null));
    put(
        log.get(1L)
            .withState(
                "the glove, blue",
                List.of(),
                List.of(),
                AT.plusSeconds(3),
                false,
                null,
                null,
                List.of(new Message.Reaction("👍", 1, List.of("bob"))),
                4));
    put(change(4, MessageChange.REACTION_ADDED, 1, "👍"));
    put(reply(5, 2, "that one"));
    put(change(6, MessageChange.REACTION_ADDED, 99, "🎉"));

    for (int size = 1; size <= log.size(); size++) {
      var newestFirst = new ArrayList<>(log.descendingMap().values()).subList(0, size);
      var stored = MessageJson.writeAll(newestFirst);

      var rendered = renderer.renderJson(ROOM, stored);

      assertThat(rendered)
          .as("the newest %d entries", newestFirst.size())
          .containsExactlyElementsOf(MessageJson.writeAll(renderer.render(ROOM, newestFirst)));
      assertThat(renderer.renderPageJson(ROOM, stored))
          .as("the newest %d entries as a page read backward", newestFirst.size())
          .containsExactlyElementsOf(MessageJson.writeAll(renderer.renderPage(ROOM, newestFirst)));
    }
    var page = MessageJson.writeAll(List.of(log.get(6L), log.get(5L), log.get(4L)));
    var rendered = renderer.renderJson(ROOM, page);
    assertThat(MessageJson.read(rendered.get(1)).reply().content()).isEqualTo("which one?");
    assertThat(MessageJson.read(rendered.get(2)).target().content()).isEqualTo("the glove, blue");
    assertThat(rendered.get(0))
        .as("a target that is not there leaves the entry as it is")
        .isEqualTo(page.get(0));
  }

  @Test
  void aChangeWhoseTargetIsInThePageCarriesNoneButARepliesPreviewStays() {
    put(new Message(ROOM, 1, "alice", MessageKind.TEXT, "the glove", List.of(), "c-1", AT));
    put(reply(2, 1, "which one?"));
    put(change(3, MessageChange.REACTION_ADDED, 1, "👍"));
    var newestFirst = List.of(log.get(3L), log.get(2L), log.get(1L));

    var rendered = renderer.render(ROOM, newestFirst);

    assertThat(rendered.get(0).target()).as("the page holds message 1 as it is now").isNull();
    assertThat(rendered.get(1).reply().content()).isEqualTo("the glove");
    assertThat(renderer.renderJson(ROOM, MessageJson.writeAll(newestFirst)))
        .containsExactlyElementsOf(MessageJson.writeAll(rendered));
    assertThat(renderer.render(ROOM, List.of(log.get(3L))).getFirst().target().content())
        .as("alone, the change carries its target")
        .isEqualTo("the glove");
  }

  @Test
  void aPageReadBackwardLeavesOutItsChangesExceptAtItsEnds() {
    put(new Message(ROOM, 1, "alice", MessageKind.TEXT, "the glove", List.of(), "c-1", AT));
    put(change(2, MessageChange.REACTION_ADDED, 1, "👍"));
    put(reply(3, 1, "which one?"));
    put(change(4, MessageChange.REACTION_ADDED, 1, "🎉"));
    put(change(5, MessageChange.REACTION_ADDED, 99, "🎉"));
    put(change(6, MessageChange.REACTION_ADDED, 3, "👍"));
    var newestFirst = new ArrayList<>(log.descendingMap().values());

    var page = renderer.renderPage(ROOM, newestFirst);

    assertThat(page)
        .as("6 is an end; 5's target is older than the page; 4 and 2 change message 1, shown")
        .extracting(Message::seq)
        .containsExactly(6L, 3L, 1L);
    assertThat(page.get(0).target()).isNull();
    assertThat(page.get(1).reply().content()).isEqualTo("the glove");
    assertThat(renderer.renderPageJson(ROOM, MessageJson.writeAll(newestFirst)))
        .containsExactlyElementsOf(MessageJson.writeAll(page));
    assertThat(renderer.render(ROOM, newestFirst)).as("a replay keeps every entry").hasSize(6);
  }

  @Test
  void theEndsOfAPageReadBackwardCarryNoTargetOlderThanThePage() {
    put(new Message(ROOM, 1, "alice", MessageKind.TEXT, "the glove", List.of(), "c-1", AT));
    put(change(2, MessageChange.REACTION_ADDED, 1, "👍"));
    put(reply(3, 1, "which one?"));
    put(change(4, MessageChange.EDITED, 1, null));
    put(change(5, MessageChange.REACTION_ADDED, 1, "🎉"));
    var newestFirst = List.of(log.get(5L), log.get(4L), log.get(3L), log.get(2L));

    var page = renderer.renderPage(ROOM, newestFirst);

    assertThat(page).extracting(Message::seq).containsExactly(5L, 3L, 2L);
    assertThat(page)
        .as("message 1 is older than the page: read as it is now when the client pages back")
        .extracting(Message::target)
        .containsOnlyNulls();
    assertThat(page.get(1).reply().content())
        .as("a reply still carries its preview from the store")
        .isEqualTo("the glove");
    assertThat(renderer.renderPageJson(ROOM, MessageJson.writeAll(newestFirst)))
        .containsExactlyElementsOf(MessageJson.writeAll(page));
    assertThat(renderer.render(ROOM, newestFirst).getFirst().target().content())
        .as("a replay's change carries it")
        .isEqualTo("the glove");
  }

  @Test
  void aChangeWhoseTargetFallsInAGapOfThePageCarriesIt() {
    put(new Message(ROOM, 1, "alice", MessageKind.TEXT, "the glove", List.of(), "c-1", AT));
    put(new Message(ROOM, 2, "alice", MessageKind.TEXT, "the hat", List.of(), "c-2", AT));
    put(change(4, MessageChange.REACTION_ADDED, 2, "👍"));
    put(change(5, MessageChange.REACTION_ADDED, 1, "👍"));
    put(change(6, MessageChange.REACTION_ADDED, 2, "🎉"));
    var page = List.of(log.get(6L), log.get(5L), log.get(4L), log.get(1L));

    var rendered = renderer.renderJson(ROOM, MessageJson.writeAll(page));

    assertThat(MessageJson.read(rendered.get(1)).target()).as("1 is in the page").isNull();
    assertThat(MessageJson.read(rendered.get(2)).target().content())
        .as("2 lies between the page's ends but not in it")
        .isEqualTo("the hat");
    assertThat(MessageJson.read(rendered.get(0)).target().content())
        .as("a second change of 2 carries it too")
        .isEqualTo("the hat");
    assertThat(rendered)
        .containsExactlyElementsOf(MessageJson.writeAll(renderer.render(ROOM, page)));
  }

  @Test
  void aPreviewCopiedFromTheStoredBytesIsTheEncodedPreview() {
    var plain = new Message(ROOM, 7, "alice", MessageKind.TEXT, "hi", List.of(), "c-7", AT);
    var escaped =
        new Message(
            ROOM, 8, "alice", MessageKind.TEXT, "a \"quote\", \\ and\n👍", List.of(), "c-8", AT);
    var edited =
        plain.withState(
            "hi there", List.of(), List.of(), AT.plusSeconds(1), false, null, null, List.of(), 9);
    var deleted =
        plain.withState(
            "", List.of(), List.of(), null, true, AT.plusSeconds(2), "alice", List.of(), 10);
    var exactly100 = message(11, "é".repeat(50));
    var long101 = message(12, "x".repeat(101));
    var longInCodePoints = message(13, "가".repeat(120));

    for (Message target :
        List.of(plain, escaped, edited, deleted, exactly100, long101, longInCodePoints)) {
      assertThat(new String(EntryRenderer.preview(MessageJson.write(target)), UTF_8))
          .as("the preview of %s", target.content())
          .isEqualTo(new String(MessageJson.writeReply(Message.Reply.of(target)), UTF_8));
    }
  }

  private static Message message(long seq, String content) {
    return new Message(ROOM, seq, "bob", MessageKind.TEXT, content, List.of(), "c-" + seq, AT);
  }

  @Test
  void aPageWithoutChangesOrRepliesIsTheSameList() {
    put(new Message(ROOM, 1, "alice", MessageKind.TEXT, "\"replyTo\":1", List.of(), "c-1", AT));
    var page = MessageJson.writeAll(List.of(log.get(1L)));

    assertThat(renderer.renderJson(ROOM, page)).isSameAs(page);
  }

  private void put(Message message) {
    log.put(message.seq(), message);
  }

  private static Message reply(long seq, long to, String content) {
    return new NewMessage(
            "bob",
            MessageKind.TEXT,
            content,
            List.of(),
            "c-" + seq,
            AT,
            to,
            null,
            null,
            null,
            null,
            null)
        .withSeq(ROOM, seq, seq);
  }

  private static Message change(long seq, MessageChange change, long target, String emoji) {
    return NewMessage.change("bob", change, target, null, emoji, "x-" + seq, AT.plusSeconds(seq))
        .withSeq(ROOM, seq, 2);
  }

  private MessageStore store() {
    return new MessageStore() {
      @Override
      public Written write(Message message) {
        throw new UnsupportedOperationException();
      }

      @Override
      public boolean holdsRetryKey(String roomId, String senderId, String clientMsgId) {
        throw new UnsupportedOperationException();
      }

      @Override
      public List<Message> retryHolders(Collection<RetryKey> keys) {
        throw new UnsupportedOperationException();
      }

      @Override
      public long lastSeq(String roomId) {
        return log.isEmpty() ? 0 : log.lastKey();
      }

      @Override
      public List<Message> before(String roomId, long beforeSeq, int limit) {
        return log.headMap(beforeSeq, false).descendingMap().values().stream()
            .limit(limit)
            .toList();
      }

      @Override
      public List<Message> after(String roomId, long afterSeq, int limit) {
        return log.tailMap(afterSeq, false).values().stream().limit(limit).toList();
      }
    };
  }
}
