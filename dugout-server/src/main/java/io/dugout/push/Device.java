package io.dugout.push;

import java.time.Instant;

/**
 * One registered device of a user.
 *
 * @param deviceId the app's own id of the installation, unique per user
 * @param platform which provider pushes to it
 * @param token the provider's token of the device (APNs device token, FCM registration token)
 * @param appId the APNs topic (the app's bundle id) or, for FCM, the app's package name; may be
 *     null for FCM
 * @param locale the device's language tag, the language of a push without preview; may be null
 * @param previews whether a push shows the message text, or only "New message"
 * @param when when the device is pushed to
 * @param updatedAt when it was last registered
 */
public record Device(
    String userId,
    String deviceId,
    Platform platform,
    String token,
    String appId,
    String locale,
    boolean previews,
    When when,
    Instant updatedAt) {

  /** The push providers. */
  public enum Platform {
    APNS,
    FCM
  }

  /** When a device is pushed to. */
  public enum When {
    /** Only while its user has no live session on any node (the default). */
    AWAY,
    /** For every notification, live sessions or not. */
    ALWAYS
  }
}
