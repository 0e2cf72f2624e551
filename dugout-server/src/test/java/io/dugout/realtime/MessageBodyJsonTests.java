package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.message.Attachment;
import io.dugout.message.Message;
import io.dugout.message.MessageJson;
import io.dugout.message.MessageKind;
import io.dugout.realtime.stomp.StompFrames;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** A MESSAGE frame made from the stored JSON carries the body the mapper writes, byte for byte. */
class MessageBodyJsonTests {

  private static final JsonMapper APP_MAPPER = JsonMapper.builder().build();

  @Test
  void aTextMessagesTypedStoredJsonIsTheMappersBody() {
    assertSameBody(
        new Message(
            "room-1",
            42,
            "alice",
            MessageKind.TEXT,
            "quotes \" backslash \\ newline \n and ünïcödé 🎉",
            List.of(),
            "c-1",
            Instant.parse("2026-11-23T21:07:19.123456789Z")));
  }

  @Test
  void aMessageWithAttachmentsAndNoClientMsgIdToo() {
    assertSameBody(
        new Message(
            "room-2",
            1,
            "bob",
            MessageKind.IMAGE,
            "",
            List.of(new Attachment("https://files.example/a.png", "a.png", 1234, "image/png")),
            null,
            Instant.parse("2026-01-01T00:00:00Z")));
  }

  private static void assertSameBody(Message message) {
    var typed =
        StompFrames.message(
            "/topic/rooms.r",
            "r-1",
            MessageJson.typedHead(RealtimeBodies.MessageBody.TYPE),
            MessageJson.write(message),
            MessageJson.FIELDS_FROM,
            0);
    byte[] mapped = APP_MAPPER.writeValueAsBytes(RealtimeBodies.MessageBody.of(message));
    var fromMapped = StompFrames.message("/topic/rooms.r", "r-1", mapped);
    assertThat(typed.tail()).isEqualTo(fromMapped.tail());
    assertThat(typed.tail()).contains(new String(mapped, StandardCharsets.UTF_8));
    assertThat(typed.tailUtf8()).isEqualTo(fromMapped.tailUtf8());
    assertThat(typed.headUtf8()).isEqualTo(fromMapped.headUtf8());
  }
}
