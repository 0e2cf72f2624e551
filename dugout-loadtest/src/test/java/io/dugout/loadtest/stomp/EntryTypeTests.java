package io.dugout.loadtest.stomp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Reading a room topic's MESSAGE bodies as Dugout writes them (docs/protocol.md). */
class EntryTypeTests {

  /** A reaction as Dugout delivers it: its own seq and clientMsgId first, its target after. */
  static final String REACTION =
      "{\"type\":\"reaction.added\",\"roomId\":\"r-1\",\"seq\":9,\"senderId\":\"lt-user-1\","
          + "\"clientMsgId\":\"lt-1-2-300\",\"sentAt\":\"2026-11-22T04:01:10.2Z\",\"ordinal\":7,"
          + "\"change\":\"reaction.added\",\"targetSeq\":7,\"emoji\":\"\uD83D\uDC4D\","
          + "\"target\":{\"roomId\":\"r-1\",\"seq\":7,\"senderId\":\"lt-user-0\",\"kind\":\"TEXT\","
          + "\"content\":\"hi\",\"attachments\":[],\"clientMsgId\":\"lt-0-0-100\","
          + "\"sentAt\":\"2026-11-22T04:01:02.345Z\",\"ordinal\":7,\"reactions\":[{\"emoji\":"
          + "\"\uD83D\uDC4D\",\"count\":1,\"users\":[\"lt-user-1\"]}],\"changedSeq\":9}}";

  @Test
  void readsEachTypeOfEntry() {
    assertThat(type("{\"type\":\"message\",\"roomId\":\"r-1\",\"seq\":7}"))
        .isEqualTo(EntryType.MESSAGE);
    assertThat(type("{\"type\":\"message.edited\",\"roomId\":\"r-1\",\"seq\":8}"))
        .as("not a message, though it starts like one")
        .isEqualTo(EntryType.EDITED);
    assertThat(type("{\"type\":\"message.deleted\",\"seq\":8}")).isEqualTo(EntryType.DELETED);
    assertThat(type(REACTION)).isEqualTo(EntryType.REACTION_ADDED);
    assertThat(type("{\"type\":\"reaction.removed\",\"seq\":10}"))
        .isEqualTo(EntryType.REACTION_REMOVED);
  }

  @Test
  void anythingElseIsOther() {
    assertThat(type("{\"type\":\"error\",\"code\":\"rate_limited\"}")).isEqualTo(EntryType.OTHER);
    assertThat(type("{\"type\":\"read\",\"roomId\":\"r-1\",\"userId\":\"bob\",\"seq\":7}"))
        .isEqualTo(EntryType.OTHER);
    assertThat(type("{\"seq\":3,\"clientMsgId\":\"lt-1-2-3\"}")).isEqualTo(EntryType.OTHER);
  }

  @Test
  void aChangeIsReadByItsOwnSeqAndStampNotItsTargets() {
    byte[] body = REACTION.getBytes(StandardCharsets.UTF_8);

    assertThat(Bytes.longAfter(body, 0, body.length, "\"seq\":".getBytes(StandardCharsets.UTF_8)))
        .isEqualTo(9);
    assertThat(SendStamp.find(body, 0, body.length)).isEqualTo(new SendStamp(1, 2, 300));
  }

  private static EntryType type(String body) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    return EntryType.find(bytes, 0, bytes.length);
  }
}
