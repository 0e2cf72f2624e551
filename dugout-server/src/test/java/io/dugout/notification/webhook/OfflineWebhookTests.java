package io.dugout.notification.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.ClientPath;
import io.dugout.Waits;
import io.dugout.api.ApiTest;
import io.dugout.realtime.StompTestClient;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The offline-delivery webhook against a real HTTP receiver on loopback that fails on purpose.
 * Retry waits are milliseconds here (they are settings), so retries are tested without waiting.
 */
@ClientPath.EveryPath
class OfflineWebhookTests extends ApiTest {

  private static final String SECRET = "whsec-test-0123456789abcdef";
  private static final int MAX_ATTEMPTS = 3;
  private static final int QUEUE = 40;
  private static final Duration PATIENCE = Duration.ofSeconds(15);
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final WebhookReceiver RECEIVER = WebhookReceiver.start();

  @DynamicPropertySource
  static void webhook(DynamicPropertyRegistry registry) {
    registry.add("dugout.notifications.webhook.url", () -> RECEIVER.url().toString());
    registry.add("dugout.notifications.webhook.secret", () -> SECRET);
    registry.add("dugout.notifications.webhook.max-attempts", () -> MAX_ATTEMPTS);
    registry.add("dugout.notifications.webhook.initial-backoff", () -> "10ms");
    registry.add("dugout.notifications.webhook.max-backoff", () -> "40ms");
    registry.add("dugout.notifications.webhook.timeout", () -> "5s");
    registry.add("dugout.notifications.webhook.queue", () -> QUEUE);
    registry.add("dugout.notifications.webhook.concurrency", () -> 2);
  }

  @AfterAll
  static void stopReceiver() {
    RECEIVER.close();
  }

  @Autowired MeterRegistry meters;

  @Test
  void postsANotificationForAnOfflineUserSignedOverTimestampAndBody() throws Exception {
    String alice = user("alice");

    String id = send(List.of(alice)).getFirst();

    var request = awaitRequests(alice, 1).getFirst();
    assertThat(request.header("Content-Type")).isEqualTo("application/json");
    assertThat(request.header("Dugout-Delivery")).isEqualTo(id + ".1");
    assertThat(request.header("Dugout-Attempt")).isEqualTo("1");
    var signature = request.header("Dugout-Signature");
    assertThat(signature).matches("t=\\d+,v1=[0-9a-f]{64}");
    long t = Long.parseLong(signature.substring(2, signature.indexOf(',')));
    assertThat(Math.abs(Instant.now().getEpochSecond() - t)).isLessThanOrEqualTo(60);
    // why: computed here from the documented recipe, not with the server's own class
    var mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    mac.update((t + ".").getBytes(StandardCharsets.UTF_8));
    String expected = HexFormat.of().formatHex(mac.doFinal(request.body()));
    assertThat(signature.substring(signature.indexOf("v1=") + 3)).isEqualTo(expected);

    JsonNode body = JSON.readTree(request.body());
    assertThat(body.get("type").asString()).isEqualTo("notification");
    assertThat(body.get("userId").asString()).isEqualTo(alice);
    JsonNode notification = body.get("notification");
    assertThat(notification.get("id").asString()).isEqualTo(id);
    assertThat(notification.get("kind").asString()).isEqualTo("trade.offer");
    assertThat(notification.get("title").asString()).isEqualTo("New offer");
    assertThat(notification.get("body").asString()).isEqualTo("12 EUR");
    assertThat(notification.get("data").get("itemId").asString()).isEqualTo("bat-7");
    assertThat(notification.get("readAt").isNull()).isTrue();
  }

  @Test
  void retriesServerErrorsWithBackoffAndDeliversOnce() {
    String bob = user("bob");
    RECEIVER.answer(bob, 500, 503);
    double sent = count("dugout.notifications.webhook.sent");
    double retried = count("dugout.notifications.webhook.retried");

    String id = send(List.of(bob)).getFirst();

    var requests = awaitRequests(bob, 3);
    idle();
    assertThat(RECEIVER.of(bob)).hasSize(3);
    assertThat(requests).extracting(r -> r.header("Dugout-Attempt")).containsExactly("1", "2", "3");
    assertThat(requests).extracting(r -> r.header("Dugout-Delivery")).containsOnly(id + ".1");
    assertThat(count("dugout.notifications.webhook.sent") - sent).isEqualTo(1);
    assertThat(count("dugout.notifications.webhook.retried") - retried).isEqualTo(2);
    assertThat(deadLettersOf(bob)).isEmpty();
  }

  @Test
  void deadLettersANotificationWhenEveryAttemptFails() {
    String carol = user("carol");
    RECEIVER.alwaysAnswer(carol, 500);

    String id = send(List.of(carol)).getFirst();

    Waits.until(() -> !deadLettersOf(carol).isEmpty(), PATIENCE, "carol's dead letter");
    idle();
    assertThat(RECEIVER.of(carol)).hasSize(MAX_ATTEMPTS);
    var letter = deadLettersOf(carol).getFirst();
    assertThat(letter.get("deliveryId").asString()).isEqualTo(id + ".1");
    assertThat(letter.get("attempts").asInt()).isEqualTo(MAX_ATTEMPTS);
    assertThat(letter.get("lastError").asString()).isEqualTo("HTTP 500");
    assertThat(letter.get("notification").get("id").asString()).isEqualTo(id);
    assertThat(letter.get("failedAt").asString()).endsWith("Z");
  }

  @Test
  void neverRetriesAClientErrorOrARedirectButRetriesTooManyRequests() {
    String dave = user("dave");
    String erin = user("erin");
    String ivan = user("ivan");
    RECEIVER.answer(dave, 400);
    RECEIVER.answer(erin, 429);
    RECEIVER.answer(ivan, 302);

    send(List.of(dave, erin, ivan));

    awaitRequests(erin, 2);
    Waits.until(() -> !deadLettersOf(dave).isEmpty(), PATIENCE, "dave's dead letter");
    Waits.until(() -> !deadLettersOf(ivan).isEmpty(), PATIENCE, "ivan's dead letter");
    idle();
    assertThat(RECEIVER.of(dave)).hasSize(1);
    assertThat(deadLettersOf(dave).getFirst().get("lastError").asString()).isEqualTo("HTTP 400");
    assertThat(RECEIVER.of(ivan)).hasSize(1);
    assertThat(deadLettersOf(ivan).getFirst().get("lastError").asString()).isEqualTo("HTTP 302");
    assertThat(RECEIVER.of(erin)).hasSize(2);
    assertThat(deadLettersOf(erin)).isEmpty();
  }

  @Test
  void postsNothingForAUserWithAnOpenSession() {
    String frank = user("frank");
    String grace = user("grace");
    try (var online = StompTestClient.connect(wsPort(), client.token(frank))) {
      send(List.of(frank));
      send(List.of(grace));

      awaitRequests(grace, 1);
      idle();
      assertThat(RECEIVER.of(frank)).isEmpty();
    }
  }

  @Test
  void aSlowReceiverNeverBlocksSendsAndAFullQueueDropsWithAMetric() throws Exception {
    var users = IntStream.range(0, QUEUE + 20).mapToObj(i -> user("slow" + i)).toList();
    idle();
    double dropped = count("dugout.notifications.webhook.dropped");
    RECEIVER.hold();
    try {
      // why: were the send path waiting on the webhook, this would not return while it is held
      var ids = CompletableFuture.supplyAsync(() -> send(users)).get(10, TimeUnit.SECONDS);

      assertThat(ids).hasSize(users.size());
      Waits.until(() -> RECEIVER.held() == 2, PATIENCE, "both webhook workers held");
      assertThat(depth()).isEqualTo(QUEUE);
      assertThat(count("dugout.notifications.webhook.dropped") - dropped).isEqualTo(20);
      assertThat(send(List.of(user("meanwhile")))).hasSize(1);
    } finally {
      RECEIVER.release();
    }
    idle();
    assertThat(users.stream().filter(u -> !RECEIVER.of(u).isEmpty())).hasSize(QUEUE);
  }

  private List<String> send(List<String> userIds) {
    var sent =
        client.postJson(
            client.serviceToken("backend"),
            "/api/v1/notifications",
            Map.of(
                "userIds", userIds,
                "kind", "trade.offer",
                "title", "New offer",
                "body", "12 EUR",
                "data", Map.of("itemId", "bat-7")));
    assertThat(sent.status()).as("%s", sent).isEqualTo(201);
    var ids = sent.json().get("ids");
    return IntStream.range(0, ids.size()).mapToObj(i -> ids.get(i).asString()).toList();
  }

  private List<WebhookReceiver.Received> awaitRequests(String userId, int n) {
    Waits.until(
        () -> RECEIVER.of(userId).size() >= n, PATIENCE, n + " webhook request(s) for " + userId);
    return RECEIVER.of(userId);
  }

  /** Waits until nothing is queued, waiting for a retry or in flight. */
  private void idle() {
    Waits.until(() -> depth() == 0, PATIENCE, "the webhook queue to drain");
  }

  private double depth() {
    return meters.get("dugout.notifications.webhook.queue.depth").gauge().value();
  }

  private double count(String name) {
    return meters.get(name).counters().stream().mapToDouble(c -> c.count()).sum();
  }

  private List<JsonNode> deadLettersOf(String userId) {
    var page = client.get(client.serviceToken("operator"), DEAD_LETTERS);
    assertThat(page.status()).as("%s", page).isEqualTo(200);
    var letters = page.json().get("deadLetters");
    return IntStream.range(0, letters.size())
        .mapToObj(letters::get)
        .filter(l -> l.get("userId").asString().equals(userId))
        .toList();
  }

  private static final String DEAD_LETTERS = "/api/v1/admin/notifications/dead-letters";

  @Test
  void onlyAServiceTokenReadsTheDeadLetters() {
    var page = client.get(client.token(user("mallory")), DEAD_LETTERS);
    assertThat(page.status()).isEqualTo(403);
    var operator = client.get(client.serviceToken("operator"), DEAD_LETTERS).json();
    assertThat(operator.get("capacity").asInt()).isEqualTo(1000);
    assertThat(operator.has("evicted")).isTrue();
  }
}
