package io.dugout.message;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.system.RecordCreators;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * A page made of stored message JSON is the page the API's mapper writes, however it is written.
 */
class JsonPageTests {

  private static final JsonMapper MAPPER = RecordCreators.lenientMapper();

  @Test
  void itIsTheMappersHistoryPage() {
    for (int size : new int[] {0, 1, 3, 50}) {
      for (boolean hasMore : new boolean[] {false, true}) {
        var messages = new ArrayList<Message>();
        for (int seq = size; seq >= 1; seq--) {
          messages.add(message(seq));
        }
        byte[] expected = MAPPER.writeValueAsBytes(new HistoryPage(messages, hasMore));
        var page = new JsonPage(MessageJson.writeAll(messages), hasMore);

        assertThat(page.toJson()).as(size + " messages, hasMore " + hasMore).isEqualTo(expected);
      }
    }
  }

  private static Message message(long seq) {
    return new Message(
        "r-1",
        seq,
        "alice",
        MessageKind.TEXT,
        "h\u00e9llo \"" + seq + "\" \ud83d\udc4b",
        List.of(),
        "c-" + seq,
        Instant.parse("2026-11-24T03:00:00.123Z").plusSeconds(seq));
  }
}
