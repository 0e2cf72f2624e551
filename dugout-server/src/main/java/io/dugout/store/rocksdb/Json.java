package io.dugout.store.rocksdb;

import io.dugout.system.RecordCreators;
import tools.jackson.databind.json.JsonMapper;

/**
 * How records are encoded in RocksDB values: JSON, so that a value can be read with any tool and a
 * field added later is read as null from older values.
 */
final class Json {

  private static final JsonMapper MAPPER = RecordCreators.lenientMapper();

  private Json() {}

  static byte[] write(Object value) {
    return MAPPER.writeValueAsBytes(value);
  }

  static <T> T read(byte[] bytes, Class<T> type) {
    return MAPPER.readValue(bytes, type);
  }
}
