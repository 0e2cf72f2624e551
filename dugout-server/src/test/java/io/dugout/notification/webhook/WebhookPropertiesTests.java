package io.dugout.notification.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class WebhookPropertiesTests {

  private static final URI URL = URI.create("https://backend.example/hooks");

  @Test
  void isOffWithoutAUrl() {
    assertThat(properties(null, null, 6).enabled()).isFalse();
  }

  @Test
  void refusesAUrlWithoutASecretOfSixteenCharacters() {
    assertThatThrownBy(() -> properties(URL, null, 6))
        .hasMessageContaining("dugout.notifications.webhook.secret");
    assertThatThrownBy(() -> properties(URL, "short", 6))
        .hasMessageContaining("at least 16 characters");
    assertThat(properties(URL, "0123456789abcdef", 6).enabled()).isTrue();
  }

  @Test
  void refusesAnotherSchemeOrNoAttempts() {
    assertThatThrownBy(() -> properties(URI.create("ftp://x/"), "0123456789abcdef", 6))
        .hasMessageContaining("http or https");
    assertThatThrownBy(() -> properties(URL, "0123456789abcdef", 0))
        .hasMessageContaining("max-attempts");
  }

  private static WebhookProperties properties(URI url, String secret, int attempts) {
    return new WebhookProperties(
        url,
        secret,
        attempts,
        Duration.ofSeconds(1),
        Duration.ofMinutes(5),
        Duration.ofSeconds(10),
        10_000,
        4,
        1000);
  }
}
