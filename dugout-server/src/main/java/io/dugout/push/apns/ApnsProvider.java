package io.dugout.push.apns;

import com.eatthepath.pushy.apns.ApnsClient;
import com.eatthepath.pushy.apns.DeliveryPriority;
import com.eatthepath.pushy.apns.PushNotificationResponse;
import com.eatthepath.pushy.apns.PushType;
import com.eatthepath.pushy.apns.util.SimpleApnsPayloadBuilder;
import com.eatthepath.pushy.apns.util.SimpleApnsPushNotification;
import io.dugout.push.Device;
import io.dugout.push.Push;
import io.dugout.push.PushOutcome;
import io.dugout.push.PushProvider;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@link PushProvider} for APNs through one Pushy {@link ApnsClient}, whose few HTTP/2 connections
 * carry every push (Pushy signs and renews the auth token itself).
 *
 * <p>How answers are classified: accepted; {@code Unregistered} (410: the app is gone from the
 * device) and {@code BadDeviceToken} (a token of the other environment, or garbage) are dead
 * tokens; 429, 5xx and {@code ExpiredProviderToken} are retried; any other rejection (a wrong
 * topic, a payload too large) fails for good; no answer is retried.
 */
final class ApnsProvider implements PushProvider {

  private static final Set<String> DEAD = Set.of("Unregistered", "BadDeviceToken");
  private static final Duration EXPIRES_AFTER = Duration.ofDays(1);

  private final ApnsClient client;
  private final Duration timeout;

  ApnsProvider(ApnsClient client, Duration timeout) {
    this.client = client;
    this.timeout = timeout;
  }

  @Override
  public Device.Platform platform() {
    return Device.Platform.APNS;
  }

  @Override
  public PushOutcome send(Push push) {
    var notification =
        new SimpleApnsPushNotification(
            push.device().token(),
            push.device().appId(),
            payload(push),
            Instant.now().plus(EXPIRES_AFTER),
            DeliveryPriority.IMMEDIATE,
            PushType.ALERT,
            push.apnsCollapseId());
    PushNotificationResponse<SimpleApnsPushNotification> response;
    try {
      response =
          client.sendNotification(notification).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      return PushOutcome.retry("timeout", "APNs did not answer within " + timeout, null);
    } catch (ExecutionException e) {
      return PushOutcome.retry("connection", "APNs unreachable: " + e.getCause(), null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return PushOutcome.retry("connection", "interrupted", null);
    }
    return classify(response);
  }

  private static PushOutcome classify(PushNotificationResponse<?> response) {
    if (response.isAccepted()) {
      return PushOutcome.ACCEPTED;
    }
    int status = response.getStatusCode();
    String reason = response.getRejectionReason().orElse("");
    String detail = "APNs HTTP " + status + " " + reason;
    if (status == 410 || DEAD.contains(reason)) {
      return PushOutcome.deadToken(status == 410 ? "unregistered" : "bad_device_token", detail);
    }
    if (status == 429 || status >= 500 || "ExpiredProviderToken".equals(reason)) {
      return PushOutcome.retry(
          status == 429 ? "http_429" : status >= 500 ? "http_5xx" : "expired_provider_token",
          detail,
          null);
    }
    return PushOutcome.failed(reason.isEmpty() ? "http_4xx" : snake(reason), detail);
  }

  /** {@code TopicDisallowed} → {@code topic_disallowed}, a bounded set of meter tags. */
  private static String snake(String reason) {
    return reason.replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase();
  }

  private static String payload(Push push) {
    var builder = new SimpleApnsPayloadBuilder();
    builder.setAlertTitle(push.title());
    builder.setAlertBody(push.body());
    builder.setBadgeNumber(push.badge());
    builder.setThreadId(push.collapseKey());
    builder.setSound("default");
    builder.addCustomProperty("notificationId", push.notificationId());
    builder.addCustomProperty("kind", push.kind());
    if (push.roomId() != null) {
      builder.addCustomProperty("roomId", push.roomId());
      builder.addCustomProperty("seq", push.seq());
    }
    if (push.senderId() != null) {
      builder.addCustomProperty("senderId", push.senderId());
    }
    return builder.build();
  }

  @Override
  public void close() {
    client.close().orTimeout(5, TimeUnit.SECONDS).exceptionally(e -> null).join();
  }
}
