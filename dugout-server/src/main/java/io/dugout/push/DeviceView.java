package io.dugout.push;

import java.time.Instant;

/** A registered device as the REST API shows it. */
record DeviceView(
    String deviceId,
    String platform,
    String token,
    String appId,
    String locale,
    boolean previews,
    String push,
    Instant updatedAt) {

  static DeviceView of(Device device) {
    return new DeviceView(
        device.deviceId(),
        device.platform().name().toLowerCase(),
        device.token(),
        device.appId(),
        device.locale(),
        device.previews(),
        device.when().name().toLowerCase(),
        device.updatedAt());
  }
}
