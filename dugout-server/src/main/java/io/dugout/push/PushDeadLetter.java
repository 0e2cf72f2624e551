package io.dugout.push;

import java.time.Instant;

/**
 * A push given up on, as the product's backend reads it.
 *
 * @param id a UUIDv7 given when it was given up: the list's order, and what deletes it
 * @param platform {@code apns} or {@code fcm}
 * @param attempts how many times it was sent
 * @param lastError why the last attempt failed
 * @param queuedAt when its notification was handed to push
 * @param failedAt when it was given up
 */
public record PushDeadLetter(
    String id,
    String notificationId,
    String userId,
    String deviceId,
    String platform,
    int attempts,
    String lastError,
    Instant queuedAt,
    Instant failedAt) {}
