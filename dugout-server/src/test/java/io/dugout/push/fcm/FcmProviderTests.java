package io.dugout.push.fcm;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.push.Device;
import io.dugout.push.FakeFcm;
import io.dugout.push.FakeFcm.Answer;
import io.dugout.push.Push;
import io.dugout.push.PushOutcome;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/** {@link FcmProvider} against {@link FakeFcm}: the v1 send and token endpoints on loopback. */
class FcmProviderTests {

  @TempDir Path dir;
  private FakeFcm fcm;
  private FcmProvider provider;

  @BeforeEach
  void start() throws Exception {
    fcm = new FakeFcm();
    var tokens = FcmAccessTokens.load(fcm.serviceAccount(dir), null);
    provider =
        new FcmProvider(
            URI.create(fcm.url()),
            tokens.projectId(),
            Duration.ofSeconds(5),
            tokens,
            JsonMapper.builder().build());
  }

  @AfterEach
  void stop() {
    provider.close();
    fcm.close();
  }

  private static Push push(String token, String roomId, int badge) {
    var device =
        new Device(
            "alice",
            "pixel",
            Device.Platform.FCM,
            token,
            null,
            null,
            true,
            Device.When.AWAY,
            Instant.EPOCH);
    return new Push(
        device,
        "Sunday league",
        "see you at 10",
        roomId,
        42,
        "bob",
        "n-1",
        "chat.message",
        badge,
        "room:" + roomId,
        Instant.EPOCH);
  }

  @Test
  void sendsTitleBodyRoomSeqBadgeAndCollapseWithAnAccessTokenFromTheServiceAccount() {
    assertThat(provider.send(push("good", "r1", 7))).isEqualTo(PushOutcome.ACCEPTED);

    var message = fcm.acceptedFor("good").getFirst();
    assertThat(message.at("/notification/title").asString()).isEqualTo("Sunday league");
    assertThat(message.at("/notification/body").asString()).isEqualTo("see you at 10");
    assertThat(message.at("/data/roomId").asString()).isEqualTo("r1");
    assertThat(message.at("/data/seq").asString()).isEqualTo("42");
    assertThat(message.at("/data/senderId").asString()).isEqualTo("bob");
    assertThat(message.at("/android/collapse_key").asString()).isEqualTo("room:r1");
    assertThat(message.at("/android/notification/tag").asString()).isEqualTo("room:r1");
    assertThat(message.at("/android/notification/notification_count").asInt()).isEqualTo(7);
    assertThat(message.at("/apns/headers/apns-collapse-id").asString()).isEqualTo("room:r1");
    assertThat(message.at("/apns/payload/aps/badge").asInt()).isEqualTo(7);
    assertThat(fcm.tokensIssued()).isEqualTo(1);
  }

  @Test
  void reusesTheAccessTokenAcrossSends() {
    for (int i = 0; i < 5; i++) {
      provider.send(push("good", "r1", i));
    }

    assertThat(fcm.accepted()).hasSize(5);
    assertThat(fcm.tokensIssued()).isEqualTo(1);
  }

  @Test
  void classifiesUnregisteredAsADeadToken() {
    fcm.script("gone", Answer.unregistered());

    var outcome = provider.send(push("gone", "r1", 1));

    assertThat(outcome.result()).isEqualTo(PushOutcome.Result.DEAD_TOKEN);
    assertThat(outcome.reason()).isEqualTo("unregistered");
  }

  @Test
  void classifiesThrottlingWithItsRetryAfterAndServerErrorsAsRetries() {
    fcm.script("busy", Answer.throttled(7), Answer.serverError());

    var throttled = provider.send(push("busy", "r1", 1));
    var failed = provider.send(push("busy", "r1", 1));

    assertThat(throttled.result()).isEqualTo(PushOutcome.Result.RETRY);
    assertThat(throttled.reason()).isEqualTo("http_429");
    assertThat(throttled.retryAfter()).isEqualTo(Duration.ofSeconds(7));
    assertThat(failed.result()).isEqualTo(PushOutcome.Result.RETRY);
    assertThat(failed.reason()).isEqualTo("http_5xx");
    assertThat(provider.send(push("busy", "r1", 1))).isEqualTo(PushOutcome.ACCEPTED);
  }

  @Test
  void failsForGoodOnAnInvalidArgument() {
    fcm.script("odd", Answer.invalidArgument());

    var outcome = provider.send(push("odd", "r1", 1));

    assertThat(outcome.result()).isEqualTo(PushOutcome.Result.FAILED);
    assertThat(outcome.detail()).contains("400", "INVALID_ARGUMENT");
  }

  @Test
  void retriesWhenFcmIsUnreachable() {
    fcm.close();

    var outcome = provider.send(push("good", "r1", 1));

    assertThat(outcome.result()).isEqualTo(PushOutcome.Result.RETRY);
  }

  @Test
  void hashesACollapseKeyTooLongForApns() {
    String longRoom = "r".repeat(100);

    provider.send(push("good", longRoom, 1));

    String id = fcm.acceptedFor("good").getFirst().at("/apns/headers/apns-collapse-id").asString();
    assertThat(id).hasSize(64).isEqualTo(push("x", longRoom, 1).apnsCollapseId());
    assertThat(fcm.acceptedFor("good").getFirst().at("/android/collapse_key").asString())
        .isEqualTo("room:" + longRoom);
  }
}
