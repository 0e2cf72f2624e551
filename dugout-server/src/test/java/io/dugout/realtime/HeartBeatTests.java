package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HeartBeatTests {

  @Test
  void readsBothIntervals() {
    assertThat(HeartBeat.parse("10000,5000")).isEqualTo(new HeartBeat(10000, 5000));
    assertThat(HeartBeat.parse(" 0 , 2147483647 ")).isEqualTo(new HeartBeat(0, 2147483647));
  }

  @Test
  void takesNoHeaderAsNoHeartBeats() {
    assertThat(HeartBeat.parse(null)).isEqualTo(new HeartBeat(0, 0));
  }

  @Test
  void refusesAnythingButTwoIntegersFromZeroToIntMax() {
    for (String value :
        new String[] {
          "x,y",
          "99999999999999999999,0",
          "2147483648,0",
          "-1,0",
          "10",
          "",
          ",",
          "1,2,3",
          "1.5,0",
          "+1,0",
          "٣,0"
        }) {
      assertThat(HeartBeat.parse(value)).as(value).isNull();
    }
  }
}
