package io.dugout.push;

import static io.dugout.api.ApiAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.TempDirs;
import io.dugout.Waits;
import io.dugout.api.ApiTest;
import io.dugout.push.FakeFcm.Answer;
import io.dugout.realtime.StompTestClient;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Device push end to end: messages and notifications sent over the REST API, pushed by a real node
 * to FCM on loopback ({@link FakeFcm}) and to Pushy's MockApnsServer ({@link FakeApns}). Retry
 * waits are milliseconds here (they are settings), so retries are tested without waiting.
 */
class PushApiTests extends ApiTest {

  private static final Duration PATIENCE = Duration.ofSeconds(20);
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final FakeFcm FCM;
  private static final FakeApns APNS;
  private static final Path KEYS = TempDirs.deletedAtExit("dugout-push-keys-");

  static {
    try {
      FCM = new FakeFcm();
      APNS = new FakeApns();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @DynamicPropertySource
  static void push(DynamicPropertyRegistry registry) throws Exception {
    Path account = FCM.serviceAccount(KEYS);
    Path key = FakeApns.signingKey(KEYS);
    Path trusted = FakeApns.trustedCertificates(KEYS);
    registry.add("dugout.push.fcm.service-account-file", account::toString);
    registry.add("dugout.push.fcm.api-url", FCM::url);
    registry.add("dugout.push.apns.key-file", key::toString);
    registry.add("dugout.push.apns.key-id", () -> FakeApns.KEY_ID);
    registry.add("dugout.push.apns.team-id", () -> FakeApns.TEAM_ID);
    registry.add("dugout.push.apns.host", () -> "127.0.0.1");
    registry.add("dugout.push.apns.port", APNS::port);
    registry.add("dugout.push.apns.trusted-certificates", trusted::toString);
    registry.add("dugout.push.initial-backoff", () -> "10ms");
    registry.add("dugout.push.max-backoff", () -> "2s");
    registry.add("dugout.push.deadline", () -> "3s");
    registry.add("dugout.push.placeholder.message.fr", () -> "Vous avez un message");
  }

  @AfterAll
  static void stopProviders() throws Exception {
    FCM.close();
    APNS.close();
  }

  @Autowired MeterRegistry meters;

  private static String fcmToken() {
    return "fcm-" + UUID.randomUUID();
  }

  private static String apnsToken() {
    return UUID.randomUUID().toString().replace("-", "").repeat(2);
  }

  private void fcmDevice(
      String userId, String deviceId, String token, boolean previews, String push) {
    fcmDevice(userId, deviceId, token, previews, push, null);
  }

  private void fcmDevice(
      String userId, String deviceId, String token, boolean previews, String push, String locale) {
    var body = new LinkedHashMap<String, Object>();
    body.put("platform", "fcm");
    body.put("token", token);
    if (locale != null) {
      body.put("locale", locale);
    }
    body.put("previews", previews);
    body.put("push", push);
    var put =
        client.send(
            "PUT",
            client.token(userId),
            "/api/v1/users/me/devices/" + deviceId,
            JSON.writeValueAsString(body));
    assertThat(put.status()).as("%s", put).isIn(200, 201);
  }

  private void apnsDevice(String userId, String deviceId, String token) {
    var body = Map.of("platform", "apns", "token", token, "appId", FakeApns.TOPIC);
    var put =
        client.send(
            "PUT",
            client.token(userId),
            "/api/v1/users/me/devices/" + deviceId,
            JSON.writeValueAsString(body));
    assertThat(put.status()).as("%s", put).isEqualTo(201);
  }

  private String room(String ownerId, String title, String... members) {
    var created =
        client.postJson(
            client.token(ownerId),
            "/api/v1/rooms",
            Map.of("type", "GROUP", "title", title, "memberIds", List.of(members)));
    assertThat(created.status()).as("%s", created).isEqualTo(201);
    return created.text("id");
  }

  private long say(String userId, String roomId, String text, String... mentions) {
    var body = new LinkedHashMap<String, Object>();
    body.put("clientMsgId", "c-" + UUID.randomUUID());
    body.put("kind", "TEXT");
    body.put("content", text);
    if (mentions.length > 0) {
      body.put("mentions", List.of(mentions));
    }
    var sent = client.postJson(client.token(userId), "/api/v1/rooms/" + roomId + "/messages", body);
    assertThat(sent.status()).as("%s", sent).isEqualTo(201);
    return sent.number("seq");
  }

  private List<JsonNode> awaitFcm(String token, int n) {
    Waits.until(() -> FCM.acceptedFor(token).size() >= n, PATIENCE, n + " FCM push(es)");
    return FCM.acceptedFor(token);
  }

  /**
   * Waits until a push to a fresh witness sent after everything before has arrived and the queue is
   * empty: the chat notifier works in order, so anything earlier was pushed, or never will be.
   */
  private void settled() {
    String witness = user("witness");
    String token = fcmToken();
    fcmDevice(witness, "w", token, true, "away");
    var sent =
        client.postJson(
            client.serviceToken("backend"),
            "/api/v1/notifications",
            Map.of("userIds", List.of(witness), "kind", "test.witness", "title", "w", "body", "w"));
    assertThat(sent.status()).isEqualTo(201);
    awaitFcm(token, 1);
    Waits.until(
        () -> meters.get("dugout.push.queue.depth").gauge().value() == 0,
        PATIENCE,
        "the push queue to drain");
  }

  @Test
  void pushesAMessageToEveryDeviceOfAnAwayMemberButNeverToTheSender() {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = fcmToken();
    String bobFcm = fcmToken();
    String bobApns = apnsToken();
    fcmDevice(alice, "pixel", aliceToken, true, "away");
    fcmDevice(bob, "pixel", bobFcm, true, "away");
    apnsDevice(bob, "iphone", bobApns);
    String roomId = room(alice, "Sunday league", bob);

    long seq = say(alice, roomId, "see you at 10");

    var fcm = awaitFcm(bobFcm, 1).getFirst();
    assertThat(fcm.at("/notification/title").asString()).isEqualTo("Sunday league");
    assertThat(fcm.at("/notification/body").asString()).isEqualTo("see you at 10");
    assertThat(fcm.at("/data/roomId").asString()).isEqualTo(roomId);
    assertThat(fcm.at("/data/seq").asString()).isEqualTo(Long.toString(seq));
    assertThat(fcm.at("/data/senderId").asString()).isEqualTo(alice);
    assertThat(fcm.at("/data/badge").asString()).isEqualTo("1");
    Waits.until(() -> APNS.acceptedFor(bobApns).size() == 1, PATIENCE, "the APNs push");
    var apns = APNS.acceptedFor(bobApns).getFirst();
    assertThat(apns.topic()).isEqualTo(FakeApns.TOPIC);
    assertThat(apns.collapseId()).isEqualTo("room:" + roomId);
    assertThat(apns.payload().at("/aps/alert/body").asString()).isEqualTo("see you at 10");
    assertThat(apns.payload().at("/aps/badge").asInt()).isEqualTo(1);
    settled();
    assertThat(FCM.acceptedFor(aliceToken)).isEmpty();
  }

  @Test
  void theBadgeCountsUnreadMessagesOfAllRoomsAndOneRoomsPushesCollapse() {
    String alice = user("alice");
    String bob = user("bob");
    String token = fcmToken();
    fcmDevice(bob, "pixel", token, true, "away");
    String league = room(alice, "League", bob);
    String cup = room(alice, "Cup", bob);

    say(alice, league, "one");
    awaitFcm(token, 1);
    say(alice, league, "two");
    awaitFcm(token, 2);
    say(alice, cup, "three");

    var pushes = awaitFcm(token, 3);
    assertThat(pushes.stream().map(p -> p.at("/data/badge").asString()))
        .containsExactly("1", "2", "3");
    assertThat(pushes.stream().map(p -> p.at("/android/collapse_key").asString()))
        .containsExactly("room:" + league, "room:" + league, "room:" + cup);
    assertThat(pushes.get(1).at("/android/notification/tag").asString())
        .isEqualTo("room:" + league);
  }

  @Test
  void aUserWithALiveSessionGetsPushesOnlyOnDevicesSetToAlways() {
    String alice = user("alice");
    String bob = user("bob");
    String away = fcmToken();
    String always = fcmToken();
    fcmDevice(bob, "tablet", away, true, "away");
    fcmDevice(bob, "phone", always, true, "always");
    String roomId = room(alice, "League", bob);

    try (var online = StompTestClient.connect(wsPort(), client.token(bob))) {
      say(alice, roomId, "are you there?");
      awaitFcm(always, 1);
      settled();
    }

    assertThat(FCM.acceptedFor(away)).isEmpty();
  }

  @Test
  void aMutedRoomPushesOnlyMentionsAndABlockedSenderNeverPushes() {
    String alice = user("alice");
    String bob = user("bob");
    String carol = user("carol");
    String bobToken = fcmToken();
    String carolToken = fcmToken();
    fcmDevice(bob, "pixel", bobToken, true, "away");
    fcmDevice(carol, "pixel", carolToken, true, "away");
    String roomId = room(alice, "League", bob, carol);
    assertThat(
            client
                .send("PUT", client.token(bob), "/api/v1/rooms/" + roomId + "/mute", null)
                .status())
        .isEqualTo(200);
    assertThat(
            client
                .send("PUT", client.token(carol), "/api/v1/users/me/blocks/" + alice, null)
                .status())
        .isEqualTo(204);

    say(alice, roomId, "muted chatter");
    say(alice, roomId, "@bob over to you", bob, carol);

    var bobs = awaitFcm(bobToken, 1);
    settled();
    assertThat(FCM.acceptedFor(bobToken)).hasSize(1);
    assertThat(bobs.getFirst().at("/notification/body").asString()).isEqualTo("@bob over to you");
    assertThat(FCM.acceptedFor(carolToken)).isEmpty();
  }

  @Test
  void previewsOffShowNewMessageInsteadOfTheText() {
    String alice = user("alice");
    String bob = user("bob");
    String token = fcmToken();
    fcmDevice(bob, "pixel", token, false, "away");
    String roomId = room(alice, "League", bob);

    say(alice, roomId, "the secret plan");

    var push = awaitFcm(token, 1).getFirst();
    assertThat(push.at("/notification/body").asString()).isEqualTo("New message");
    assertThat(push.toString()).doesNotContain("secret");
  }

  @Test
  void previewsOffSayNewMessageInTheDevicesLanguageOrTheDeploymentsText() {
    String alice = user("alice");
    String bob = user("bob");
    var tokens = new LinkedHashMap<String, String>();
    for (String locale : List.of("de-AT", "fr", "sw", "pt-BR")) {
      tokens.put(locale, fcmToken());
      fcmDevice(bob, "phone-" + locale, tokens.get(locale), false, "away", locale);
    }
    String roomId = room(alice, "League", bob);

    say(alice, roomId, "the secret plan");

    var bodies = new LinkedHashMap<String, String>();
    tokens.forEach(
        (locale, token) ->
            bodies.put(locale, awaitFcm(token, 1).getFirst().at("/notification/body").asString()));
    assertThat(bodies)
        .containsExactly(
            Map.entry("de-AT", "Neue Nachricht"),
            Map.entry("fr", "Vous avez un message"),
            Map.entry("sw", "New message"),
            Map.entry("pt-BR", "Nova mensagem"));
  }

  @Test
  void aNotificationFromTheApiIsPushedToo() {
    String bob = user("bob");
    String token = fcmToken();
    fcmDevice(bob, "pixel", token, true, "away");

    var sent =
        client.postJson(
            client.serviceToken("backend"),
            "/api/v1/notifications",
            Map.of(
                "userIds", List.of(bob),
                "kind", "trade.offer",
                "title", "New offer",
                "body", "12 EUR for the bat"));
    assertThat(sent.status()).isEqualTo(201);

    var push = awaitFcm(token, 1).getFirst();
    assertThat(push.at("/notification/title").asString()).isEqualTo("New offer");
    assertThat(push.at("/notification/body").asString()).isEqualTo("12 EUR for the bat");
    assertThat(push.at("/data/kind").asString()).isEqualTo("trade.offer");
    assertThat(push.at("/data/roomId").isMissingNode()).isTrue();
  }

  @Test
  void deadTokensAreRemovedAtOnce() {
    String alice = user("alice");
    String bob = user("bob");
    String goneFcm = fcmToken();
    String goneApns = apnsToken();
    String alive = fcmToken();
    FCM.script(goneFcm, Answer.unregistered());
    APNS.expire(goneApns);
    fcmDevice(bob, "old-pixel", goneFcm, true, "away");
    apnsDevice(bob, "old-iphone", goneApns);
    fcmDevice(bob, "pixel", alive, true, "away");
    String roomId = room(alice, "League", bob);

    say(alice, roomId, "hello");

    awaitFcm(alive, 1);
    Waits.until(
        () -> devicesOf(bob).size() == 1, PATIENCE, "the dead tokens' devices to be removed");
    assertThat(devicesOf(bob).getFirst().get("deviceId").asString()).isEqualTo("pixel");
  }

  @Test
  void retriesThrottlingAndServerErrorsThenDeliversOnce() {
    String alice = user("alice");
    String bob = user("bob");
    String token = fcmToken();
    FCM.script(token, Answer.throttled(1), Answer.serverError(), Answer.serverError());
    fcmDevice(bob, "pixel", token, true, "away");
    String roomId = room(alice, "League", bob);
    double retried = count("dugout.push.retried");

    say(alice, roomId, "eventually");

    awaitFcm(token, 1);
    settled();
    assertThat(FCM.acceptedFor(token)).hasSize(1);
    assertThat(count("dugout.push.retried") - retried).isGreaterThanOrEqualTo(3);
  }

  @Test
  void aPushThatKeepsFailingIsDeadLetteredForTheServiceToken() {
    String alice = user("alice");
    String bob = user("bob");
    String token = fcmToken();
    var failures = new ArrayList<Answer>();
    for (int i = 0; i < 500; i++) {
      failures.add(Answer.serverError());
    }
    FCM.script(token, failures.toArray(Answer[]::new));
    fcmDevice(bob, "pixel", token, true, "away");
    String roomId = room(alice, "League", bob);

    say(alice, roomId, "never arrives");

    Waits.until(() -> !deadLettersOf(bob).isEmpty(), PATIENCE, "a push dead letter");
    var letter = deadLettersOf(bob).getFirst();
    assertThat(letter.get("deviceId").asString()).isEqualTo("pixel");
    assertThat(letter.get("platform").asString()).isEqualTo("fcm");
    assertThat(letter.get("attempts").asInt()).isGreaterThan(1);
    assertThat(letter.get("lastError").asString()).contains("500");
    assertThat(devicesOf(bob)).hasSize(1);
    assertProblem(client.get(client.token(bob), DEAD_LETTERS), 403, "forbidden");
    String handled = DEAD_LETTERS + "/" + letter.get("id").asString();
    assertProblem(client.delete(client.token(bob), handled), 403, "forbidden");

    assertThat(client.delete(client.serviceToken("operator"), handled).status()).isEqualTo(204);
    assertThat(client.delete(client.serviceToken("operator"), handled).status()).isEqualTo(204);
    assertThat(deadLettersOf(bob)).isEmpty();
  }

  private static final String DEAD_LETTERS = PushChecks.DEAD_LETTERS;

  private List<JsonNode> deadLettersOf(String userId) {
    return PushChecks.deadLettersOf(client, userId);
  }

  private List<JsonNode> devicesOf(String userId) {
    var devices = new ArrayList<JsonNode>();
    client
        .get(client.token(userId), "/api/v1/users/me/devices")
        .json()
        .get("devices")
        .forEach(devices::add);
    return devices;
  }

  private double count(String name) {
    return meters.get(name).counters().stream().mapToDouble(c -> c.count()).sum();
  }
}
