package io.dugout.notification.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.ApiTest;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** Without {@code dugout.notifications.webhook.url} nothing is queued, posted or dead-lettered. */
class WebhookOffTests extends ApiTest {

  @Autowired OfflineWebhook webhook;
  @Autowired MeterRegistry meters;

  @Test
  void queuesAndPostsNothingWhenNoWebhookIsConfigured() {
    String offline = user("offline");
    var sent =
        client.postJson(
            client.serviceToken("backend"),
            "/api/v1/notifications",
            Map.of("userIds", List.of(offline), "kind", "k", "title", "t", "body", "b"));
    assertThat(sent.status()).isEqualTo(201);

    assertThat(webhook.isRunning()).isFalse();
    assertThat(meters.get("dugout.notifications.webhook.queue.depth").gauge().value()).isZero();
    assertThat(meters.get("dugout.notifications.webhook.dropped").counter().count()).isZero();
    assertThat(Thread.getAllStackTraces().keySet())
        .noneMatch(t -> t.getName().startsWith("dugout-webhook-"));
    var letters = client.get(client.serviceToken("operator"), DEAD_LETTERS).json();
    assertThat(letters.get("deadLetters")).isEmpty();
  }

  private static final String DEAD_LETTERS = "/api/v1/admin/notifications/dead-letters";
}
