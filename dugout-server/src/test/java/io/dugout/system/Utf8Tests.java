package io.dugout.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class Utf8Tests {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "plain ascii",
        "\u007f",
        "\u0080",
        "é",
        "\u07ff",
        "\u0800",
        "안녕하세요",
        "\uffff",
        "😀",
        "a😀b안😀"
      })
  void wellFormedTextIsMeasuredAsItsEncoding(String text) {
    assertThat(Utf8.length(text)).isEqualTo(text.getBytes(StandardCharsets.UTF_8).length);
  }

  @Test
  void anUnpairedSurrogateCountsThreeBytes() {
    assertThat(Utf8.length("\ud83d")).isEqualTo(3);
    assertThat(Utf8.length("\ud83dx")).isEqualTo(4);
    assertThat(Utf8.length("x\ude00")).isEqualTo(4);
    assertThat(Utf8.length("\ude00\ud83d")).isEqualTo(6);
    assertThat(Utf8.length("\ud83d\ud83d\ude00")).isEqualTo(7);
  }

  @Test
  void measuresAnyCharSequence() {
    assertThat(Utf8.length(new StringBuilder("a😀"))).isEqualTo(5);
  }
}
