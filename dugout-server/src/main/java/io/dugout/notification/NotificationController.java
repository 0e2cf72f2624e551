package io.dugout.notification;

import io.dugout.auth.Caller;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** REST endpoints for sending (service tokens), listing and marking notifications. */
@RestController
@RequestMapping("/api/v1/notifications")
class NotificationController {

  private final NotificationService notifications;

  NotificationController(NotificationService notifications) {
    this.notifications = notifications;
  }

  /** 201 with the new ids; 200 with the same ids when the idempotency key was used before. */
  @PostMapping
  ResponseEntity<Map<String, List<String>>> send(
      Caller caller, @RequestBody SendNotifications request) {
    var sent = notifications.send(caller, request);
    return ResponseEntity.status(sent.created() ? HttpStatus.CREATED : HttpStatus.OK)
        .body(Map.of("ids", sent.ids()));
  }

  @GetMapping
  NotificationPage list(
      Caller caller,
      @RequestParam(required = false) String before,
      @RequestParam(required = false) Integer limit,
      @RequestParam(required = false) Boolean unreadOnly) {
    return notifications.list(caller, before, limit, unreadOnly);
  }

  @PostMapping("/read")
  NotificationService.Marked read(Caller caller, @RequestBody MarkRead request) {
    return notifications.markRead(caller, request);
  }
}
