package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** {@code dugout.realtime.*} as Spring binds it from configuration. */
class RealtimePropertiesTests {

  @Test
  void waitsTenSecondsForConnectUnlessConfiguredOtherwise() {
    assertThat(bind(Map.of()).connectTimeLimit()).isEqualTo(Duration.ofSeconds(10));
    assertThat(bind(Map.of("dugout.realtime.connect-time-limit", "2s")).connectTimeLimit())
        .isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void refusesAConnectTimeLimitThatIsNotPositive() {
    for (String limit : new String[] {"0s", "-1s"}) {
      assertThatThrownBy(() -> bind(Map.of("dugout.realtime.connect-time-limit", limit)))
          .isInstanceOf(BindException.class)
          .rootCause()
          .hasMessageContaining("dugout.realtime.connect-time-limit must be positive");
    }
  }

  private static RealtimeProperties bind(Map<String, String> properties) {
    return new Binder(new MapConfigurationPropertySource(properties))
        .bindOrCreate("dugout.realtime", RealtimeProperties.class);
  }
}
