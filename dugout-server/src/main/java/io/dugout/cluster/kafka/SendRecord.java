package io.dugout.cluster.kafka;

import io.dugout.message.NewMessage;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * A send as it travels through the topic: the room, the draft, and who asked (node and request), so
 * that the partition owner can answer. JSON, read leniently, so that a field added later reads as
 * null in a node that does not know it yet (nodes are upgraded one at a time).
 */
record SendRecord(String nodeId, String requestId, String roomId, NewMessage draft) {

  private static final JsonMapper JSON =
      JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  byte[] toBytes() {
    return JSON.writeValueAsBytes(this);
  }

  static SendRecord of(byte[] bytes) {
    return JSON.readValue(bytes, SendRecord.class);
  }
}
