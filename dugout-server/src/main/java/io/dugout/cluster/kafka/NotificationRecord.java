package io.dugout.cluster.kafka;

import io.dugout.notification.Notification;
import io.dugout.notification.NotificationStore;
import io.dugout.system.RecordCreators;
import tools.jackson.databind.json.JsonMapper;

/**
 * One notification as it travels through the notifications topic, keyed by its user: who asked
 * (node and request, null for a chat notification nobody waits for), its place in the request, and
 * the idempotency key its write uses. JSON, read leniently, like {@link SendRecord}.
 */
record NotificationRecord(
    String nodeId,
    String requestId,
    int index,
    Notification notification,
    NotificationStore.IdempotencyKey key) {

  private static final JsonMapper JSON = RecordCreators.lenientMapper();

  boolean collapses() {
    return notification.collapseKey() != null;
  }

  byte[] toBytes() {
    return JSON.writeValueAsBytes(this);
  }

  static NotificationRecord of(byte[] bytes) {
    return JSON.readValue(bytes, NotificationRecord.class);
  }
}
