package io.dugout.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class MessageJsonTests {

  @Test
  void aStampIsTheSeqAndTimeOfTheDecodedMessage() {
    for (var message :
        List.of(
            message(1, "hello", Instant.parse("2026-11-24T03:00:00Z")),
            message(9_007_199_254_740_993L, "{\"seq\":5}", Instant.parse("2026-11-24T03:00:00.5Z")),
            new Message(
                "r-1",
                42,
                "alice",
                MessageKind.IMAGE,
                "h\u00e9llo \ud83d\udc4b",
                List.of(new Attachment("https://files.example/p.png", "p.png", 2048, "image/png")),
                "c-42",
                Instant.parse("2026-11-24T03:00:00.123456789Z")))) {
      byte[] json = MessageJson.write(message);
      var decoded = MessageJson.read(json);

      var stamp = MessageJson.stamp(json);

      assertThat(stamp).isEqualTo(new MessageJson.Stamp(decoded.seq(), decoded.sentAt()));
      assertThat(stamp).isEqualTo(MessageJson.Stamp.of(message));
    }
  }

  @Test
  void jsonThatIsNotAMessageHasNoStamp() {
    for (String json :
        List.of("[]", "{}", "{\"seq\":3}", "{\"sentAt\":\"2026-11-24T03:00:00Z\"}")) {
      assertThatThrownBy(() -> MessageJson.stamp(json.getBytes(StandardCharsets.UTF_8)))
          .as(json)
          .isInstanceOf(IllegalArgumentException.class);
    }
    assertThat(MessageJson.Stamp.of(null)).isNull();
  }

  private static Message message(long seq, String content, Instant sentAt) {
    return new Message(
        "r-1", seq, "alice", MessageKind.TEXT, content, List.of(), "c-" + seq, sentAt);
  }
}
