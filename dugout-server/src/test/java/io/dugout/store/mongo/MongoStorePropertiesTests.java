package io.dugout.store.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** {@code dugout.store.mongodb.*} as Spring binds it. */
class MongoStorePropertiesTests {

  @Test
  void readsAndWritesAtMajorityUnlessConfiguredOtherwise() {
    assertThat(bind(Map.of())).isEqualTo(new MongoStoreProperties("majority", "majority"));
    assertThat(
            bind(
                Map.of(
                    "dugout.store.mongodb.write-concern", "2",
                    "dugout.store.mongodb.read-concern", "local")))
        .isEqualTo(new MongoStoreProperties("2", "local"));
  }

  private static MongoStoreProperties bind(Map<String, String> properties) {
    return new Binder(new MapConfigurationPropertySource(properties))
        .bindOrCreate("dugout.store.mongodb", MongoStoreProperties.class);
  }
}
