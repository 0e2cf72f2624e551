package io.dugout.notification;

import java.util.List;
import tools.jackson.databind.JsonNode;

/** A service's request to notify users, as it arrives over REST. */
record SendNotifications(
    List<String> userIds,
    String kind,
    String title,
    String body,
    JsonNode data,
    String idempotencyKey) {}
