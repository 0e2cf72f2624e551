package io.dugout.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every body read without Jackson is read as Jackson reads it, and every other body is Jackson's:
 * the app's mapper fails on unknown properties, as this one does.
 */
class PostMessageJsonTests {

  private static final ObjectReader JACKSON =
      JsonMapper.builder()
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .build()
          .readerFor(PostMessage.class);

  private final PostMessageJson reader = new PostMessageJson(JACKSON);

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"clientMsgId\":\"c-1\",\"kind\":\"TEXT\",\"content\":\"dugout load test message\"}",
        "{\"content\":\"안녕하세요 😀\"}",
        " {\n\t\"senderId\" : \"bot\" ,\r\n \"kind\":\"SYSTEM\", \"content\":\"\"} \n",
        "{}"
      })
  void readsTheCommonBodiesWithoutJacksonAsJacksonReadsThem(String body) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);

    assertThat(PostMessageJson.flat(bytes)).isNotNull().isEqualTo(JACKSON.readValue(bytes));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"content\":\"line\\nbreak\"}",
        "{\"content\":\"a\",\"content\":\"b\"}",
        "{\"content\":\"x\",\"attachments\":[]}",
        "{\"kind\":\"text\"}",
        "{\"kind\":\"\"}",
        "{\"kind\":null}",
        "{\"content\":7}",
        "{\"unknown\":\"x\"}",
        "{\"content\":\"x\"} trailing",
        "{\"content\":\"x\",}",
        "{\"content\":\"x\"",
        "[\"content\"]",
        "",
        "null"
      })
  void leavesEveryOtherBodyToJackson(String body) {
    assertThat(PostMessageJson.flat(body.getBytes(StandardCharsets.UTF_8))).isNull();
  }

  @Test
  void leavesBytesThatAreNotWellFormedUtf8ToJackson() {
    for (byte[] text :
        List.of(
            new byte[] {(byte) 0xc0, (byte) 0xaf}, // overlong '/'
            new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, // a surrogate
            new byte[] {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, // past U+10FFFF
            new byte[] {(byte) 0xe2, (byte) 0x82}, // cut short
            new byte[] {(byte) 0x80}, // a lone continuation byte
            new byte[] {(byte) 0xff})) {
      assertThat(PostMessageJson.flat(body("{\"content\":\"", text, "\"}"))).isNull();
    }
  }

  @Test
  void readsRandomBodiesExactlyAsJacksonDoes() {
    var random = new Random(20261128);
    String[] names = {"clientMsgId", "kind", "content", "senderId", "attachments", "other"};
    String[] values = {
      "\"TEXT\"",
      "\"EMOJI\"",
      "\"x\"",
      "\"é한😀\"",
      "\"\"",
      "\"a\\\"b\"",
      "null",
      "12",
      "[]",
      "{}",
      "\"text\"",
      "true"
    };
    int flat = 0;
    for (int i = 0; i < 20_000; i++) {
      var body = new StringBuilder(random.nextInt(8) == 0 ? " " : "").append('{');
      for (int n = random.nextInt(5); n > 0; n--) {
        body.append('"').append(names[random.nextInt(names.length)]).append('"');
        body.append(random.nextBoolean() ? ":" : " : ");
        body.append(values[random.nextInt(values.length)]);
        if (n > 1) {
          body.append(random.nextInt(20) == 0 ? ";" : ",");
        }
      }
      body.append(random.nextInt(30) == 0 ? "" : "}");
      byte[] bytes = body.toString().getBytes(StandardCharsets.UTF_8);
      if (random.nextInt(20) == 0) {
        bytes[random.nextInt(bytes.length)] = (byte) (0x80 + random.nextInt(0x80));
      }

      PostMessage read = PostMessageJson.flat(bytes);
      if (read != null) {
        flat++;
        assertThat(read).as(body.toString()).isEqualTo(JACKSON.readValue(bytes));
      }
      assertThat(outcome(bytes)).as(body.toString()).isEqualTo(jacksonOutcome(bytes));
    }
    assertThat(flat).as("bodies read without Jackson").isGreaterThan(1_000);
  }

  /** The message the reader gives, or the class of what it throws. */
  private Object outcome(byte[] body) {
    try {
      return reader.read(body);
    } catch (JacksonException e) {
      return e.getClass();
    }
  }

  private static Object jacksonOutcome(byte[] body) {
    try {
      return JACKSON.readValue(body);
    } catch (JacksonException e) {
      return e.getClass();
    }
  }

  private static byte[] body(String start, byte[] middle, String end) {
    var out = new ByteArrayOutputStream();
    out.writeBytes(start.getBytes(StandardCharsets.UTF_8));
    out.writeBytes(middle);
    out.writeBytes(end.getBytes(StandardCharsets.UTF_8));
    return out.toByteArray();
  }
}
