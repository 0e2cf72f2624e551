package io.dugout.loadtest.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.loadtest.stomp.SendStamp;
import org.junit.jupiter.api.Test;

class MeasuredSendsTests {

  private final MeasuredSends measured = new MeasuredSends(2);

  @Test
  void nothingCountsBeforeTheWindowStarts() {
    SendStamp stamp = new SendStamp(0, 1, 1_000);

    assertThat(measured.countSend(stamp)).isFalse();
    assertThat(measured.counts(stamp)).isFalse();
  }

  @Test
  void aSendCountsFromTheStartOnAndItsReceiversAgree() {
    measured.startAt(100);

    assertThat(measured.countSend(new SendStamp(0, 5, 99))).isFalse();
    assertThat(measured.countSend(new SendStamp(0, 6, 100))).isTrue();
    assertThat(measured.countSend(new SendStamp(0, 7, 150))).isTrue();

    assertThat(measured.counts(new SendStamp(0, 5, 99))).isFalse();
    assertThat(measured.counts(new SendStamp(0, 6, 100))).isTrue();
    assertThat(measured.counts(new SendStamp(0, 7, 150))).isTrue();
  }

  @Test
  void aDeliveryStampedAfterTheStartIsNotCountedWhenItsSenderDidNotCountIt() {
    // why: the sender read the window's start before it was set, so it did not count this send;
    // a receiver that compared the stamp's time with the start would count a delivery nobody
    // expects
    SendStamp sentJustBefore = new SendStamp(1, 3, 150);
    measured.startAt(100);

    assertThat(measured.counts(sentJustBefore)).isFalse();
  }

  @Test
  void stampsOfUnknownSendersNeverCount() {
    measured.startAt(0);

    assertThat(measured.counts(new SendStamp(2, 0, 10))).isFalse();
    assertThat(measured.counts(new SendStamp(-1, 0, 10))).isFalse();
  }
}
