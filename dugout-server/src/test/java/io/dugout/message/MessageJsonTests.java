package io.dugout.message;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.system.RecordCreators;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class MessageJsonTests {

  private static final JsonMapper JACKSON = RecordCreators.lenientMapper();

  @Test
  void writesAPlainMessageAsJacksonDoes() {
    var message =
        new Message(
            "room-1",
            42,
            "alice",
            MessageKind.TEXT,
            "안녕, \"bob\"",
            List.of(),
            "c-1",
            Instant.parse("2026-11-28T12:30:05.123Z"));

    assertThat(new String(MessageJson.write(message), java.nio.charset.StandardCharsets.UTF_8))
        .isEqualTo(
            "{\"roomId\":\"room-1\",\"seq\":42,\"senderId\":\"alice\",\"kind\":\"TEXT\","
                + "\"content\":\"안녕, \\\"bob\\\"\",\"attachments\":[],\"clientMsgId\":\"c-1\","
                + "\"sentAt\":\"2026-11-28T12:30:05.123Z\",\"ordinal\":42}");
    assertThat(MessageJson.write(message)).isEqualTo(JACKSON.writeValueAsBytes(message));
  }

  @Test
  void writesWhatJacksonWritesForNullsAttachmentsAndTextItLeavesToJackson() {
    var at = Instant.parse("2026-11-28T12:30:05Z");
    var attachment = new Attachment("https://x/y.png", "y.png", 12, "image/png");
    for (var message :
        List.of(
            new Message("r", 1, "u", MessageKind.SYSTEM, null, null, null, at),
            new Message("r", 2, "u", MessageKind.IMAGE, "", List.of(attachment), "c", at),
            new Message("r", 3, "u", MessageKind.TEXT, "line\nbreak", List.of(), "c", at),
            new Message("r", 4, "u", MessageKind.EMOJI, "😀", List.of(), null, at),
            new Message("r", 5, "u", MessageKind.TEXT, "x", List.of(), "c", Instant.MAX))) {
      assertThat(MessageJson.write(message))
          .as("%s", message)
          .isEqualTo(JACKSON.writeValueAsBytes(message));
      assertThat(MessageJson.read(MessageJson.write(message))).isEqualTo(message);
    }
  }

  @Test
  void writesRandomMessagesAsJacksonDoesAndReadsThemBackEqual() {
    var random = new Random(20261128);
    String alphabet = "abc XYZ 019 \"\\/ é 한 \u2028 \u007f";
    for (int i = 0; i < 2_000; i++) {
      var content = new StringBuilder();
      for (int n = random.nextInt(200); n > 0; n--) {
        content.append(alphabet.charAt(random.nextInt(alphabet.length())));
      }
      var message =
          new Message(
              "room-" + random.nextInt(1000),
              random.nextLong(1, Long.MAX_VALUE),
              "user-" + random.nextInt(1000),
              MessageKind.values()[random.nextInt(MessageKind.values().length)],
              content.toString(),
              random.nextBoolean() ? List.of() : null,
              random.nextBoolean() ? null : "c-" + random.nextInt(),
              Instant.ofEpochSecond(
                  random.nextLong(0, 4_102_444_800L),
                  random.nextBoolean()
                      ? random.nextInt(4) * 250_000_000
                      : random.nextInt(1_000_000_000)));

      assertThat(MessageJson.write(message))
          .as("%s", message)
          .isEqualTo(JACKSON.writeValueAsBytes(message));
      assertThat(MessageJson.read(MessageJson.write(message))).isEqualTo(message);
    }
  }
}
