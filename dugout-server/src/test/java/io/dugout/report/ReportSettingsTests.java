package io.dugout.report;

import static io.dugout.api.ApiAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.api.ApiTest;
import io.dugout.notification.webhook.WebhookReceiver;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reports with short settings: new reports reach the product's backend through the signed offline
 * webhook (a real receiver on loopback), retried like notifications; a user's reports are paced by
 * their rate; evidence is removed by the sweep once its retention has passed.
 */
class ReportSettingsTests extends ApiTest {

  private static final WebhookReceiver RECEIVER = WebhookReceiver.start();
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String TYPE = "report.created";

  @DynamicPropertySource
  static void webhook(DynamicPropertyRegistry registry) {
    registry.add("dugout.notifications.webhook.url", () -> RECEIVER.url().toString());
    registry.add("dugout.notifications.webhook.secret", () -> "whsec-test-0123456789abcdef");
    registry.add("dugout.notifications.webhook.initial-backoff", () -> "10ms");
    registry.add("dugout.notifications.webhook.max-backoff", () -> "40ms");
    registry.add("dugout.reports.rate", () -> 1);
    registry.add("dugout.reports.burst", () -> 3);
    registry.add("dugout.reports.evidence-retention", () -> "3s");
    registry.add("dugout.reports.sweep-interval", () -> "200ms");
  }

  @AfterAll
  static void stopReceiver() {
    RECEIVER.close();
  }

  @Test
  void postsEachNewReportSignedAndRetriesItUntilTheBackendTakesIt() {
    String alice = user("alice");
    String mallory = user("mallory");
    String roomId = direct(client.token(alice), mallory);
    var posted = say(client.token(mallory), roomId, "m-1", "cheap watches");
    long seq = posted.json().get("seq").asLong();
    RECEIVER.answer(TYPE, 500);

    String id =
        client
            .postJson(
                client.token(alice),
                "/api/v1/rooms/" + roomId + "/messages/" + seq + "/reports",
                Map.of("reason", "spam"))
            .text("id");
    client.postJson(
        client.token(alice),
        "/api/v1/rooms/" + roomId + "/messages/" + seq + "/reports",
        Map.of("reason", "spam"));

    Waits.until(
        () -> RECEIVER.of(TYPE).stream().filter(r -> ofReport(r, id)).count() >= 2,
        Duration.ofSeconds(15),
        "the report's delivery and its retry");
    var attempts = RECEIVER.of(TYPE).stream().filter(r -> ofReport(r, id)).toList();
    assertThat(attempts).hasSize(2);
    assertThat(attempts)
        .allSatisfy(r -> assertThat(r.headers().get("dugout-delivery")).isEqualTo("report." + id));
    assertThat(attempts.getLast().headers().get("dugout-signature"))
        .matches("t=\\d+,v1=[0-9a-f]{64}");
    var body = JSON.readTree(attempts.getLast().body());
    assertThat(body.get("report").get("evidence").get("content").asString())
        .isEqualTo("cheap watches");
    assertThat(body.get("report").get("reportedUserId").asString()).isEqualTo(mallory);
  }

  @Test
  void refusesReportsPastTheUsersRateButAnswersARepeatedOne() {
    String alice = user("alice");
    String mallory = user("mallory");
    String roomId = direct(client.token(alice), mallory);
    long[] seqs = new long[4];
    for (int i = 0; i < seqs.length; i++) {
      seqs[i] =
          say(client.token(mallory), roomId, "m-" + i, "spam " + i).json().get("seq").asLong();
    }
    String path = "/api/v1/rooms/" + roomId + "/messages/";

    for (int i = 0; i < 3; i++) {
      assertThat(
              client
                  .postJson(
                      client.token(alice), path + seqs[i] + "/reports", Map.of("reason", "spam"))
                  .status())
          .isEqualTo(201);
    }
    assertProblem(
        client.postJson(client.token(alice), path + seqs[3] + "/reports", Map.of("reason", "spam")),
        429,
        "rate_limited");
    assertThat(
            client
                .postJson(
                    client.token(alice), path + seqs[0] + "/reports", Map.of("reason", "spam"))
                .status())
        .as("reporting again is answered, not counted")
        .isEqualTo(200);
  }

  @Test
  void removesTheEvidenceOnceItsRetentionHasPassedAndKeepsTheReport() {
    String alice = user("alice");
    String mallory = user("mallory");
    String roomId = direct(client.token(alice), mallory);
    long seq = say(client.token(mallory), roomId, "m-1", "short-lived").json().get("seq").asLong();
    String id =
        client
            .postJson(
                client.token(alice),
                "/api/v1/rooms/" + roomId + "/messages/" + seq + "/reports",
                Map.of("reason", "other"))
            .text("id");
    String service = client.serviceToken("backend");
    assertThat(client.get(service, "/api/v1/reports/" + id).json().get("evidence").isNull())
        .isFalse();

    Waits.until(
        () -> {
          var evidence = client.get(service, "/api/v1/reports/" + id).json().get("evidence");
          return evidence == null || evidence.isNull();
        },
        Duration.ofSeconds(20),
        "the sweep to remove the evidence");
    var kept = client.get(service, "/api/v1/reports/" + id).json();
    assertThat(kept.get("reportedUserId").asString()).isEqualTo(mallory);
    assertThat(kept.get("state").asString()).isEqualTo("open");
  }

  private static boolean ofReport(WebhookReceiver.Received received, String id) {
    return JSON.readTree(received.body()).get("report").get("id").asString().equals(id);
  }
}
