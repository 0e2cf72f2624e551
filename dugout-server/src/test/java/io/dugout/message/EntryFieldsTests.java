package io.dugout.message;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The seq, target and replied seq read from an entry's stored JSON are the entry's own, whatever
 * else the entry carries: attachments, mentions, an edit, a tombstone, reactions, a system event,
 * text that looks like a field, a sender whose id needs escaping.
 */
class EntryFieldsTests {

  private static final String ROOM = "r-1";
  private static final Instant AT = Instant.parse("2026-11-29T12:00:00Z");

  @Test
  void readsEachEntrysOwnSeqTargetAndReplyWhateverItCarries() {
    var plain = message(7, "alice", "hi", null);
    var lookalike = message(8, "al\"ice\\", ",\"replyTo\":3,\"targetSeq\":4,\"kind\":1", null);
    var reply = message(9, "bob", "that one", 7L);
    var attachment = new Attachment("https://cdn.example/a.png", "a,\"b\".png", 1234, "image/png");
    var withEverything =
        new NewMessage(
                "carol",
                MessageKind.IMAGE,
                "look",
                List.of(attachment),
                "c-10",
                AT,
                8L,
                null,
                List.of("alice", "bob"),
                null,
                null,
                null)
            .withSeq(ROOM, 10, 10)
            .withState(
                "looked",
                List.of(attachment),
                List.of("alice", "bob"),
                AT.plusSeconds(5),
                false,
                null,
                null,
                List.of(new Message.Reaction("👍", 2, List.of("alice", "bob"))),
                12);
    var deletedReply =
        reply.withState("", List.of(), List.of(), null, true, AT, "bob", List.of(), 13);
    var reaction =
        NewMessage.change("bob", MessageChange.REACTION_ADDED, 10, null, "👍", "x-11", AT)
            .withSeq(ROOM, 11, 10);
    var edit =
        NewMessage.change("carol", MessageChange.EDITED, 10, "looked", null, "x-12", AT)
            .withSeq(ROOM, 12, 10);
    var system =
        NewMessage.system(
                "dave",
                "dave joined",
                "s-14",
                AT,
                new SystemEvent("member.joined", "alice", "dave", Map.of("replyTo", "1")))
            .withSeq(ROOM, 14, 14);

    for (Message entry :
        List.of(plain, lookalike, reply, withEverything, deletedReply, reaction, edit, system)) {
      byte[] stored = MessageJson.write(entry);
      String json = new String(stored, ISO_8859_1);

      EntryFields fields = EntryFields.of(stored);

      assertThat(fields.seq()).as(json).isEqualTo(entry.seq());
      assertThat(fields.targetSeq())
          .as(json)
          .isEqualTo(entry.targetSeq() == null ? -1 : entry.targetSeq());
      assertThat(fields.replyTo())
          .as(json)
          .isEqualTo(entry.replyTo() == null ? -1 : entry.replyTo());
      if (entry.replyTo() != null) {
        String number = String.valueOf(entry.replyTo());
        assertThat(json.substring(0, fields.replyToEnd()))
            .as("the preview goes right after the replied seq")
            .endsWith("\"replyTo\":" + number);
      }
    }
  }

  private static Message message(long seq, String sender, String content, Long replyTo) {
    return new NewMessage(
            sender,
            MessageKind.TEXT,
            content,
            List.of(),
            "c-" + seq,
            AT,
            replyTo,
            null,
            null,
            null,
            null,
            null)
        .withSeq(ROOM, seq, seq);
  }
}
