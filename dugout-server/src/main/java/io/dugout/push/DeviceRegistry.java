package io.dugout.push;

import io.dugout.auth.Caller;
import io.dugout.system.DugoutException;
import io.dugout.system.Ids;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/**
 * A user's devices: registering, listing and removing them, for the user or (service tokens) for
 * any user through {@link Caller#actingFor}. At most {@link #MAX_DEVICES} devices per user.
 */
@Component
class DeviceRegistry {

  static final int MAX_DEVICES = 20;
  static final int MAX_DEVICE_ID = 128;
  static final int MAX_TOKEN = 4096;
  static final int MAX_APP_ID = 255;

  private static final Pattern APNS_TOKEN = Pattern.compile("[0-9a-fA-F]{32,200}");
  private static final Pattern TOKEN = Pattern.compile("[\\x21-\\x7e]{1," + MAX_TOKEN + "}");
  private static final Pattern APP_ID = Pattern.compile("[A-Za-z0-9._-]{1," + MAX_APP_ID + "}");
  private static final Pattern LOCALE = Pattern.compile("[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8}){0,4}");

  private final DeviceStore store;
  private final Clock clock;

  DeviceRegistry(DeviceStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  /** Registers or replaces the device; true when it is new. */
  boolean register(Caller caller, String forUser, String deviceId, DeviceRegistration request) {
    String userId = owner(caller, forUser, "register a device");
    Ids.require("deviceId", deviceId, MAX_DEVICE_ID);
    if (request == null) {
      throw DugoutException.invalid("body", "is required");
    }
    Device.Platform platform = platform(request.platform());
    String token = token(platform, request.token());
    String appId = request.appId();
    if (appId == null && platform == Device.Platform.APNS) {
      throw DugoutException.invalid("appId", "is required for apns: the app's bundle id (topic)");
    }
    if (appId != null && !APP_ID.matcher(appId).matches()) {
      throw DugoutException.invalid(
          "appId", "must be 1 to " + MAX_APP_ID + " letters, digits, dots, dashes or underscores");
    }
    if (request.locale() != null && !LOCALE.matcher(request.locale()).matches()) {
      throw DugoutException.invalid("locale", "must be a language tag such as en or pt-BR");
    }
    var device =
        new Device(
            userId,
            deviceId,
            platform,
            token,
            appId,
            request.locale(),
            request.previews() == null || request.previews(),
            when(request.push()),
            clock.instant());
    var put = store.put(device, MAX_DEVICES);
    if (put == DeviceStore.Put.FULL) {
      throw DugoutException.conflict(
          userId + " already has " + MAX_DEVICES + " devices, the most allowed: remove one first");
    }
    return put == DeviceStore.Put.ADDED;
  }

  /** The user's devices in ascending order of device id. */
  List<DeviceView> list(Caller caller, String forUser) {
    return store.devicesOf(owner(caller, forUser, "list the devices")).stream()
        .map(DeviceView::of)
        .toList();
  }

  /** One of the user's devices. */
  DeviceView get(Caller caller, String forUser, String deviceId) {
    String userId = owner(caller, forUser, "read a device");
    return store.devicesOf(userId).stream()
        .filter(d -> d.deviceId().equals(deviceId))
        .findFirst()
        .map(DeviceView::of)
        .orElseThrow(() -> DugoutException.notFound("no device " + deviceId + " of " + userId));
  }

  /** Removes the user's device, if there is one. */
  void remove(Caller caller, String forUser, String deviceId) {
    String userId = owner(caller, forUser, "remove a device");
    Ids.require("deviceId", deviceId, MAX_DEVICE_ID);
    store.remove(userId, deviceId);
  }

  /** {@code forUser} is a path segment: {@code me}, or a user id (service tokens: any user). */
  private static String owner(Caller caller, String forUser, String action) {
    return caller.actingFor("me".equals(forUser) ? null : forUser, "userId", action);
  }

  private static Device.Platform platform(String value) {
    if (value == null) {
      throw DugoutException.invalid("platform", "is required: apns or fcm");
    }
    return switch (value.toLowerCase(Locale.ROOT)) {
      case "apns" -> Device.Platform.APNS;
      case "fcm" -> Device.Platform.FCM;
      default -> throw DugoutException.invalid("platform", "must be apns or fcm, not " + value);
    };
  }

  private static String token(Device.Platform platform, String token) {
    if (token == null || token.isEmpty()) {
      throw DugoutException.invalid("token", "is required");
    }
    if (platform == Device.Platform.APNS && !APNS_TOKEN.matcher(token).matches()) {
      throw DugoutException.invalid("token", "must be the APNs device token in hex");
    }
    if (!TOKEN.matcher(token).matches()) {
      throw DugoutException.invalid(
          "token", "must be 1 to " + MAX_TOKEN + " printable characters without spaces");
    }
    return platform == Device.Platform.APNS ? token.toLowerCase(Locale.ROOT) : token;
  }

  private static Device.When when(String value) {
    if (value == null) {
      return Device.When.AWAY;
    }
    return switch (value.toLowerCase(Locale.ROOT)) {
      case "away" -> Device.When.AWAY;
      case "always" -> Device.When.ALWAYS;
      default -> throw DugoutException.invalid("push", "must be away or always, not " + value);
    };
  }
}
