package io.dugout.push.apns;

import static org.assertj.core.api.Assertions.assertThat;

import com.eatthepath.pushy.apns.ApnsClientBuilder;
import com.eatthepath.pushy.apns.auth.ApnsSigningKey;
import io.dugout.push.Device;
import io.dugout.push.FakeApns;
import io.dugout.push.Push;
import io.dugout.push.PushOutcome;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ApnsProvider} against Pushy's MockApnsServer, with token-based auth. */
class ApnsProviderTests {

  private static final String GOOD = "aa".repeat(32);
  private static final String EXPIRED = "bb".repeat(32);
  private static final String BAD = "cc".repeat(32);

  @TempDir Path dir;
  private FakeApns apns;
  private ApnsProvider provider;

  @BeforeEach
  void start() throws Exception {
    apns = new FakeApns();
    apns.expire(EXPIRED);
    apns.reject(BAD);
    var client =
        new ApnsClientBuilder()
            .setApnsServer("127.0.0.1", apns.port())
            .setTrustedServerCertificateChain(FakeApns.trustedCertificates(dir).toFile())
            .setSigningKey(
                ApnsSigningKey.loadFromPkcs8File(
                    FakeApns.signingKey(dir).toFile(), FakeApns.TEAM_ID, FakeApns.KEY_ID))
            .build();
    provider = new ApnsProvider(client, Duration.ofSeconds(3));
  }

  @AfterEach
  void stop() throws Exception {
    provider.close();
    apns.close();
  }

  private static Push push(String token, String body, int badge) {
    var device =
        new Device(
            "alice",
            "iphone",
            Device.Platform.APNS,
            token,
            FakeApns.TOPIC,
            null,
            true,
            Device.When.AWAY,
            Instant.EPOCH);
    return new Push(
        device,
        "Sunday league",
        body,
        "r1",
        42,
        "bob",
        "n-1",
        "chat.message",
        badge,
        "room:r1",
        Instant.EPOCH);
  }

  @Test
  void sendsAlertBadgeRoomAndCollapseIdToTheTopic() {
    assertThat(provider.send(push(GOOD, "see you at 10", 3))).isEqualTo(PushOutcome.ACCEPTED);

    var accepted = apns.acceptedFor(GOOD).getFirst();
    assertThat(accepted.topic()).isEqualTo(FakeApns.TOPIC);
    assertThat(accepted.collapseId()).isEqualTo("room:r1");
    assertThat(accepted.payload().at("/aps/alert/title").asString()).isEqualTo("Sunday league");
    assertThat(accepted.payload().at("/aps/alert/body").asString()).isEqualTo("see you at 10");
    assertThat(accepted.payload().at("/aps/badge").asInt()).isEqualTo(3);
    assertThat(accepted.payload().at("/aps/thread-id").asString()).isEqualTo("room:r1");
    assertThat(accepted.payload().at("/roomId").asString()).isEqualTo("r1");
    assertThat(accepted.payload().at("/seq").asLong()).isEqualTo(42);
    assertThat(accepted.payload().at("/senderId").asString()).isEqualTo("bob");
  }

  @Test
  void reusesItsConnectionForManyPushes() {
    for (int i = 0; i < 20; i++) {
      assertThat(provider.send(push(GOOD, "m" + i, i))).isEqualTo(PushOutcome.ACCEPTED);
    }

    assertThat(apns.acceptedFor(GOOD)).hasSize(20);
  }

  @Test
  void classifiesAnExpiredTokenAndABadTokenAsDead() {
    var expired = provider.send(push(EXPIRED, "x", 1));
    var bad = provider.send(push(BAD, "x", 1));

    assertThat(expired.result()).isEqualTo(PushOutcome.Result.DEAD_TOKEN);
    assertThat(expired.reason()).isEqualTo("unregistered");
    assertThat(bad.result()).isEqualTo(PushOutcome.Result.DEAD_TOKEN);
    assertThat(bad.reason()).isEqualTo("bad_device_token");
    assertThat(apns.accepted()).isEmpty();
  }

  @Test
  void classifiesThrottlingAsARetry() {
    apns.throttle(GOOD, 1);

    var throttled = provider.send(push(GOOD, "x", 1));

    assertThat(throttled.result()).isEqualTo(PushOutcome.Result.RETRY);
    assertThat(throttled.reason()).isEqualTo("http_429");
    assertThat(provider.send(push(GOOD, "x", 1))).isEqualTo(PushOutcome.ACCEPTED);
  }

  @Test
  void retriesWhenApnsIsUnreachable() throws Exception {
    apns.close();

    var outcome = provider.send(push(GOOD, "x", 1));

    assertThat(outcome.result()).isEqualTo(PushOutcome.Result.RETRY);
  }
}
