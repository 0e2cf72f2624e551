package io.dugout.cluster.redis;

import io.dugout.message.Message;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * How a message is kept in Redis: its JSON, independent of the API's JSON settings, so that a field
 * added later reads as null from older entries.
 */
final class MessageJson {

  private static final JsonMapper MAPPER =
      JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  private MessageJson() {}

  static String write(Message message) {
    return MAPPER.writeValueAsString(message);
  }

  static Message read(String json) {
    return MAPPER.readValue(json, Message.class);
  }
}
