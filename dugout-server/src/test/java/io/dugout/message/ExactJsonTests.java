package io.dugout.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.system.RecordCreators;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;

class ExactJsonTests {

  private static final JsonMapper JACKSON = RecordCreators.lenientMapper();

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "plain",
        "quo\"te",
        "back\\slash",
        "slash/",
        "del\u007f",
        "é",
        "한국어 메시지",
        "\u0800\uffff",
        "line\u2028separator",
        "<script>&amp;</script>"
      })
  void writesTextAsJacksonDoes(String text) {
    assertThat(written(text)).isEqualTo(JACKSON.writeValueAsBytes(text));
    assertThat(ExactJson.textLength(text)).isEqualTo(JACKSON.writeValueAsBytes(text).length);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"new\nline", "tab\t", "nul\u0000", "esc\u001b", "emoji 😀", "lone \ud800"})
  void leavesControlCharactersAndSurrogatesToJackson(String text) {
    assertThat(ExactJson.textLength(text)).isEqualTo(-1);
  }

  @Test
  void writesRandomTextAsJacksonDoes() {
    var random = new Random(20261128);
    for (int i = 0; i < 5_000; i++) {
      var text = new StringBuilder();
      for (int n = random.nextInt(60); n > 0; n--) {
        int kind = random.nextInt(4);
        text.append(
            (char)
                (kind == 0
                    ? random.nextInt(0x20, 0x80)
                    : kind == 1
                        ? random.nextInt(0x80, 0x800)
                        : kind == 2
                            ? random.nextInt(0x800, 0xd800)
                            : random.nextInt(0xe000, 0x10000)));
      }
      String value = text.toString();

      assertThat(written(value)).as(value).isEqualTo(JACKSON.writeValueAsBytes(value));
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "1970-01-01T00:00:00Z",
        "2026-11-28T12:30:05.100Z",
        "2026-11-28T12:30:05.123456Z",
        "2026-11-28T12:30:05.000000001Z",
        "2024-02-29T23:59:59.999999999Z",
        "1969-12-31T23:59:59.5Z",
        "0000-01-01T00:00:00Z",
        "9999-12-31T23:59:59.999Z"
      })
  void writesInstantsAsJacksonDoes(String value) {
    var instant = Instant.parse(value);
    var json = ExactJson.ofSize(ExactJson.instantLength(instant)).instant(instant).bytes();

    assertThat(ExactJson.fits(instant)).isTrue();
    assertThat(json).isEqualTo(JACKSON.writeValueAsBytes(instant));
  }

  @Test
  void leavesYearsBeyondFourDigitsToJackson() {
    assertThat(ExactJson.fits(Instant.parse("+10000-01-01T00:00:00Z"))).isFalse();
    assertThat(ExactJson.fits(Instant.parse("-0001-12-31T23:59:59Z"))).isFalse();
    assertThat(ExactJson.fits(Instant.parse("9999-12-31T23:59:59.999999999Z"))).isTrue();
  }

  @Test
  void writesNumbersAsJacksonDoes() {
    for (long n :
        new long[] {
          0,
          7,
          9,
          10,
          99,
          100,
          -1,
          -9,
          -10,
          1234567890123L,
          Long.MAX_VALUE,
          Long.MIN_VALUE + 1,
          Long.MIN_VALUE
        }) {
      var json = ExactJson.ofSize(ExactJson.numberLength(n)).number(n).bytes();
      assertThat(new String(json, StandardCharsets.US_ASCII))
          .isEqualTo(JACKSON.writeValueAsString(n));
    }
  }

  @Test
  void refusesToHandOutBytesOfAnotherSizeThanAnnounced() {
    var json = ExactJson.ofSize(4).raw(ExactJson.ascii("ab"));

    assertThatThrownBy(json::bytes).isInstanceOf(IllegalStateException.class);
  }

  private static byte[] written(String text) {
    return ExactJson.ofSize(ExactJson.textLength(text)).text(text).bytes();
  }
}
