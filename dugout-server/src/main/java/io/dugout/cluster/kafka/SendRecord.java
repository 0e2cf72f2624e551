package io.dugout.cluster.kafka;

import io.dugout.message.NewMessage;
import io.dugout.system.RecordCreators;
import tools.jackson.databind.json.JsonMapper;

/**
 * A send as it travels through the topic: the room, the draft, and who asked (node and request), so
 * that the partition owner can answer. JSON, read leniently, so that a field added later reads as
 * null in a node that does not know it yet (nodes are upgraded one at a time).
 */
record SendRecord(String nodeId, String requestId, String roomId, NewMessage draft) {

  private static final JsonMapper JSON = RecordCreators.lenientMapper();

  byte[] toBytes() {
    return JSON.writeValueAsBytes(this);
  }

  static SendRecord of(byte[] bytes) {
    return JSON.readValue(bytes, SendRecord.class);
  }
}
