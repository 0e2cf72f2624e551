package io.dugout.notification.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class WebhookSignatureTests {

  private static final Duration TOLERANCE = Duration.ofMinutes(5);
  private final WebhookSignature signature = new WebhookSignature("whsec-0123456789abcdef");
  private final byte[] body = "{\"type\":\"notification\"}".getBytes(StandardCharsets.UTF_8);
  private final Instant now = Instant.parse("2026-05-01T10:00:00Z");

  @Test
  void verifiesItsOwnSignatureWithinTheTolerance() {
    String header = signature.sign(body, now);
    assertThat(header).isEqualTo("t=1777629600,v1=" + header.substring(16));
    assertThat(signature.verify(header, body, now.plusSeconds(299), TOLERANCE)).isTrue();
  }

  @Test
  void rejectsAReplayOutsideTheTolerance() {
    String header = signature.sign(body, now);
    assertThat(signature.verify(header, body, now.plus(Duration.ofMinutes(6)), TOLERANCE))
        .isFalse();
  }

  @Test
  void rejectsAChangedBodyAnotherSecretOrAMovedTimestamp() {
    String header = signature.sign(body, now);
    byte[] changed = "{\"type\":\"notificatioN\"}".getBytes(StandardCharsets.UTF_8);
    assertThat(signature.verify(header, changed, now, TOLERANCE)).isFalse();
    assertThat(new WebhookSignature("whsec-another-secret-0").verify(header, body, now, TOLERANCE))
        .isFalse();
    String moved = header.replace("t=1777629600", "t=1777629601");
    assertThat(signature.verify(moved, body, now, TOLERANCE)).isFalse();
    assertThat(signature.verify("v1=00", body, now, TOLERANCE)).isFalse();
    assertThat(signature.verify("t=x,v1=zz", body, now, TOLERANCE)).isFalse();
  }
}
