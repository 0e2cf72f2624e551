package io.dugout.store.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** {@code dugout.store.*}, the RocksDB store's settings, as Spring binds them. */
class RocksDbPropertiesTests {

  @Test
  void defaultsToUnsyncedWritesAndLowPriorityBackgroundWork() {
    var store = bind(Map.of());
    assertThat(store.fsync()).isFalse();
    assertThat(store.syncWriters()).isEqualTo(64);
    assertThat(store.cachedMembers()).isEqualTo(100_000);
    assertThat(store.backgroundPriority()).isEqualTo(RocksDbProperties.BackgroundPriority.LOW);
  }

  @Test
  void bindsBesideTheStoreTypeUnderDugoutStore() {
    var store =
        bind(
            Map.of(
                "dugout.store.type", "rocksdb",
                "dugout.store.fsync", "true",
                "dugout.store.sync-writers", "8",
                "dugout.store.cached-members", "0",
                "dugout.store.background-priority", "idle"));
    assertThat(store)
        .isEqualTo(new RocksDbProperties(true, 8, 0, RocksDbProperties.BackgroundPriority.IDLE));
  }

  private static RocksDbProperties bind(Map<String, String> properties) {
    return new Binder(new MapConfigurationPropertySource(properties))
        .bindOrCreate("dugout.store", RocksDbProperties.class);
  }
}
