package io.dugout.push;

import io.dugout.auth.Caller;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * REST endpoints for devices under {@code /api/v1/users/{userId}/devices}: {@code me} for the
 * caller's own, another user's id for service tokens.
 */
@RestController
@RequestMapping("/api/v1/users/{userId}/devices")
class DeviceController {

  private final DeviceRegistry devices;

  DeviceController(DeviceRegistry devices) {
    this.devices = devices;
  }

  @PutMapping("/{deviceId}")
  ResponseEntity<DeviceView> register(
      Caller caller,
      @PathVariable String userId,
      @PathVariable String deviceId,
      @RequestBody(required = false) DeviceRegistration request) {
    boolean added = devices.register(caller, userId, deviceId, request);
    return ResponseEntity.status(added ? HttpStatus.CREATED : HttpStatus.OK)
        .body(devices.get(caller, userId, deviceId));
  }

  @GetMapping
  Page list(Caller caller, @PathVariable String userId) {
    return new Page(devices.list(caller, userId));
  }

  @GetMapping("/{deviceId}")
  DeviceView get(Caller caller, @PathVariable String userId, @PathVariable String deviceId) {
    return devices.get(caller, userId, deviceId);
  }

  @DeleteMapping("/{deviceId}")
  ResponseEntity<Void> remove(
      Caller caller, @PathVariable String userId, @PathVariable String deviceId) {
    devices.remove(caller, userId, deviceId);
    return ResponseEntity.noContent().build();
  }

  /**
   * A user's devices, in ascending order of device id (at most {@value
   * DeviceRegistry#MAX_DEVICES}).
   */
  record Page(List<DeviceView> devices) {}
}
