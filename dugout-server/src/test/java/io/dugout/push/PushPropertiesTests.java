package io.dugout.push;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PushPropertiesTests {

  private static final Duration TEN = Duration.ofSeconds(10);

  private static PushProperties.Apns apns(Path key, String keyId, String teamId) {
    return new PushProperties.Apns(
        key, keyId, teamId, PushProperties.Environment.PRODUCTION, null, 443, null, 2, TEN);
  }

  private static PushProperties.Fcm fcm(Path account) {
    return new PushProperties.Fcm(
        account, null, null, URI.create("https://fcm.googleapis.com"), TEN);
  }

  private static PushProperties push(
      Duration initial, Duration max, Duration deadline, PushProperties.Apns apns) {
    return new PushProperties(
        true, 100, 4, initial, max, deadline, 10, Duration.ofSeconds(5), apns, fcm(null));
  }

  @Test
  void isOffWithoutCredentials() {
    assertThat(apns(null, null, null).enabled()).isFalse();
    assertThat(fcm(null).enabled()).isFalse();
    assertThat(fcm(Path.of("sa.json")).enabled()).isTrue();
  }

  @Test
  void refusesAnApnsKeyWithoutItsKeyIdAndTeamId() {
    assertThatThrownBy(() -> apns(Path.of("AuthKey.p8"), null, "TEAM"))
        .hasMessageContaining("dugout.push.apns.key-id");
    assertThatThrownBy(() -> apns(Path.of("AuthKey.p8"), "KEY", " "))
        .hasMessageContaining("apns.team-id");
    assertThat(apns(Path.of("AuthKey.p8"), "KEY", "TEAM").enabled()).isTrue();
  }

  @Test
  void refusesBackoffsOutOfOrderAndNoDeadline() {
    var apns = apns(null, null, null);
    var second = Duration.ofSeconds(1);
    assertThatThrownBy(() -> push(Duration.ofMinutes(2), Duration.ofMinutes(1), TEN, apns))
        .hasMessageContaining("initial at most max");
    assertThatThrownBy(() -> push(second, second, Duration.ZERO, apns))
        .hasMessageContaining("deadline");
    assertThat(push(second, second, TEN, apns).deadline()).isEqualTo(TEN);
  }
}
