package io.dugout.notification.webhook;

import io.dugout.notification.NotificationView;
import java.time.Instant;

/**
 * A notification the webhook gave up on, as an operator reads it.
 *
 * @param deliveryId the {@code Dugout-Delivery} header its attempts carried
 * @param userId whom it was for
 * @param attempts how many POSTs were made
 * @param lastError why the last one failed ("HTTP 500", "timed out after PT10S", …)
 * @param queuedAt when it was handed to the webhook
 * @param failedAt when it was given up
 * @param notification what was sent, as in the webhook body
 */
public record DeadLetter(
    String deliveryId,
    String userId,
    int attempts,
    String lastError,
    Instant queuedAt,
    Instant failedAt,
    NotificationView notification) {}
