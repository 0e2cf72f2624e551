package io.dugout.store.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.Applications;
import io.dugout.message.MessageStore;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

/** Which store a node uses is one property; MongoDB stays untouched unless it is chosen. */
class StoreSelectionTests {

  @TempDir Path dataDir;

  @Test
  void startsOnRocksDbWithoutAnyMongoDbByDefault() {
    try (var context = start()) {
      assertThat(context.getBean(MessageStore.class).getClass().getSimpleName())
          .isEqualTo("RocksDbMessageStore");
      assertThat(context.getBeanNamesForType(com.mongodb.client.MongoClient.class)).isEmpty();
      assertThat(context.getBeanNamesForType(MongoStorage.class)).isEmpty();
    }
  }

  @Test
  void refusesToStartWithAnUnknownStoreType() {
    assertThatThrownBy(() -> start("--dugout.store.type=mongo").close())
        .rootCause()
        .hasMessageContaining("mongo");
    assertThatThrownBy(() -> start("--dugout.store.type=mongo").close())
        .hasStackTraceContaining("dugout.store.type");
  }

  @Test
  void refusesAMongoDbUriWithoutADatabase() throws Exception {
    try (var mongo = new InJvmMongo()) {
      assertThatThrownBy(
              () ->
                  start("--dugout.store.type=mongodb", "--spring.mongodb.uri=" + mongo.uri())
                      .close())
          .hasStackTraceContaining("spring.mongodb.uri names no database");
    }
    assertThat(Files.exists(dataDir.resolve("rocksdb"))).isFalse();
  }

  private ConfigurableApplicationContext start(String... args) {
    return Applications.start(dataDir, args);
  }
}
