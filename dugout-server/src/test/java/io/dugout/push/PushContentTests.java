package io.dugout.push;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.notification.Notification;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class PushContentTests {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final PushPlaceholders BUILT_IN = PushPlaceholders.builtIn();
  private static final Instant AT = Instant.parse("2026-12-01T04:00:00Z");

  private static Notification chat() {
    return new Notification(
        "n-1",
        "bob",
        "chat.message",
        "League",
        "kick-off at 10",
        "{\"roomId\":\"r1\",\"seq\":42,\"senderId\":\"alice\"}",
        1,
        AT,
        null,
        AT.plusSeconds(60),
        "room:r1");
  }

  private static Notification offer() {
    return new Notification(
        "n-2", "bob", "trade.offer", "New offer", "12 EUR", null, 1, AT, null, AT, null);
  }

  private static Device device(boolean previews) {
    return new Device(
        "bob", "pixel", Device.Platform.FCM, "t", null, null, previews, Device.When.AWAY, AT);
  }

  @Test
  void aChatPushCarriesTheRoomSeqSenderAndCollapsesPerRoom() {
    Push push = new PushContent(true, BUILT_IN, JSON).of(chat(), device(true), 5);

    assertThat(push.title()).isEqualTo("League");
    assertThat(push.body()).isEqualTo("kick-off at 10");
    assertThat(push.roomId()).isEqualTo("r1");
    assertThat(push.seq()).isEqualTo(42);
    assertThat(push.senderId()).isEqualTo("alice");
    assertThat(push.badge()).isEqualTo(5);
    assertThat(push.collapseKey()).isEqualTo("room:r1");
    assertThat(push.storedAt()).isEqualTo(AT);
  }

  @Test
  void aNotificationWithoutACollapseKeyCollapsesUnderItsOwnId() {
    Push push = new PushContent(true, BUILT_IN, JSON).of(offer(), device(true), 0);

    assertThat(push.roomId()).isNull();
    assertThat(push.seq()).isZero();
    assertThat(push.collapseKey()).isEqualTo("n-2");
    assertThat(push.body()).isEqualTo("12 EUR");
  }

  @Test
  void hidesTheTextWhenTheDeviceOrTheDeploymentTurnsPreviewsOff() {
    assertThat(new PushContent(true, BUILT_IN, JSON).of(chat(), device(false), 1).body())
        .isEqualTo("New message");
    assertThat(new PushContent(false, BUILT_IN, JSON).of(chat(), device(true), 1).body())
        .isEqualTo("New message");
    assertThat(new PushContent(false, BUILT_IN, JSON).of(offer(), device(true), 1).body())
        .isEqualTo("New notification");
  }
}
