package io.dugout.notification;

import com.fasterxml.jackson.annotation.JsonRawValue;
import java.time.Instant;

/** A notification as its user sees it, in lists and on {@code /user/queue/notifications}. */
public record NotificationView(
    String id,
    String kind,
    String title,
    String body,
    @JsonRawValue String data,
    int count,
    Instant createdAt,
    Instant readAt) {

  public static NotificationView of(Notification n) {
    return new NotificationView(
        n.id(), n.kind(), n.title(), n.body(), n.data(), n.count(), n.createdAt(), n.readAt());
  }
}
