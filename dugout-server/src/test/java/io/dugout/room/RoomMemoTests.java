package io.dugout.room;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RoomMemoTests {

  private final RoomMemo<String> memo = new RoomMemo<>(10, String::length);

  @Test
  void keepsOneValuePerRoom() {
    memo.keep("a", "one");
    memo.keep("a", "three");
    memo.keep("b", "two");

    assertThat(memo.get("a")).isEqualTo("three");
    assertThat(memo.get("b")).isEqualTo("two");
    assertThat(memo.get("c")).isNull();
    assertThat(memo.used()).isEqualTo(8);
  }

  @Test
  void dropsEverythingWhenAValueWouldPassTheBudgetAndNeverKeepsOneAboveIt() {
    memo.keep("a", "12345");
    memo.keep("b", "1234");
    memo.keep("c", "12");

    assertThat(memo.get("a")).isNull();
    assertThat(memo.get("b")).isNull();
    assertThat(memo.get("c")).isEqualTo("12");
    assertThat(memo.used()).isEqualTo(2);

    memo.keep("d", "12345678901");
    assertThat(memo.get("d")).isNull();
    assertThat(memo.get("c")).isEqualTo("12");
  }
}
