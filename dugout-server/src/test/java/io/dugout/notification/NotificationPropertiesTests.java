package io.dugout.notification;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** {@code dugout.notifications.*} as Spring binds it at startup. */
class NotificationPropertiesTests {

  @Test
  void keepsNotificationsThirtyDaysByDefault() {
    assertThat(bind(Map.of()).retention()).isEqualTo(Duration.ofDays(30));
  }

  @Test
  void acceptsARetentionOfUpToOneYear() {
    assertThat(bind(Map.of("dugout.notifications.retention", "365d")).retention())
        .isEqualTo(Duration.ofDays(365));
  }

  @Test
  void stopsStartupWithAClearMessageForARetentionBeyondOneYearOrOfZero() {
    for (String retention : new String[] {"366d", "0s", "-1d"}) {
      assertThatThrownBy(() -> bind(Map.of("dugout.notifications.retention", retention)))
          .isInstanceOf(BindException.class)
          .rootCause()
          .hasMessageContaining(
              "dugout.notifications.retention must be more than 0 and at most 365 days");
    }
  }

  @Test
  void acceptsAChatGatherOfZeroToOneSecondAndStopsStartupBeyond() {
    assertThat(bind(Map.of("dugout.notifications.chat-gather", "0ms")).chatGather()).isZero();
    assertThat(bind(Map.of("dugout.notifications.chat-gather", "1s")).chatGather())
        .isEqualTo(Duration.ofSeconds(1));
    for (String gather : new String[] {"1001ms", "-1ms"}) {
      assertThatThrownBy(() -> bind(Map.of("dugout.notifications.chat-gather", gather)))
          .isInstanceOf(BindException.class)
          .rootCause()
          .hasMessageContaining("dugout.notifications.chat-gather must be 0 to 1s");
    }
  }

  private static NotificationProperties bind(Map<String, String> properties) {
    return new Binder(new MapConfigurationPropertySource(properties))
        .bindOrCreate("dugout.notifications", NotificationProperties.class);
  }
}
