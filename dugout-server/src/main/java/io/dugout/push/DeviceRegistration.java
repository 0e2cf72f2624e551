package io.dugout.push;

/**
 * The body of {@code PUT /api/v1/users/{userId}/devices/{deviceId}}.
 *
 * @param platform {@code apns} or {@code fcm}
 * @param token the provider's device token
 * @param appId the APNs topic (bundle id), required for {@code apns}; the app's package name for
 *     {@code fcm}, optional
 * @param locale the device's language tag, optional
 * @param previews whether pushes show the message text; true when absent
 * @param push {@code away} (the default: only while the user has no live session) or {@code always}
 */
record DeviceRegistration(
    String platform, String token, String appId, String locale, Boolean previews, String push) {}
