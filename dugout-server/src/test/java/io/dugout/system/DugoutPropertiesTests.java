package io.dugout.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.system.DugoutProperties.CacheType;
import io.dugout.system.DugoutProperties.Mode;
import io.dugout.system.DugoutProperties.StoreType;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.mock.env.MockEnvironment;

/**
 * The selections as everything that decides before beans exist reads them, and the one rule for
 * which backends follow from them.
 */
class DugoutPropertiesTests {

  @Test
  void selectsTheEmbeddedAdaptersAndNoBackendByDefault() {
    var selected = DugoutProperties.of(new MockEnvironment());
    assertThat(selected.mode()).isEqualTo(Mode.EMBEDDED);
    assertThat(selected.store().type()).isEqualTo(StoreType.ROCKSDB);
    assertThat(selected.cache().type()).isEqualTo(CacheType.NONE);
    for (Backend backend : Backend.values()) {
      assertThat(selected.uses(backend)).as("%s", backend).isFalse();
    }
  }

  @Test
  void usesRedisForTheCacheAloneAndEveryBackendInClusterMode() {
    var cached =
        DugoutProperties.of(new MockEnvironment().withProperty("dugout.cache.type", "redis"));
    assertThat(cached.uses(Backend.REDIS)).isTrue();
    assertThat(cached.uses(Backend.MONGODB)).isFalse();
    assertThat(cached.uses(Backend.KAFKA)).isFalse();

    var cluster =
        DugoutProperties.of(
            new MockEnvironment()
                .withProperty("dugout.mode", "cluster")
                .withProperty("dugout.store.type", "mongodb"));
    for (Backend backend : Backend.values()) {
      assertThat(cluster.uses(backend)).as("%s", backend).isTrue();
    }
  }

  @Test
  void readsRelaxedNamesAndValuesAsBindingDoes() {
    var environment = new MockEnvironment();
    environment
        .getPropertySources()
        .addFirst(
            new SystemEnvironmentPropertySource(
                StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                Map.of("DUGOUT_STORE_TYPE", "MongoDB", "DUGOUT_MODE", "CLUSTER")));
    var selected = DugoutProperties.of(environment);
    assertThat(selected.store().type()).isEqualTo(StoreType.MONGODB);
    assertThat(selected.uses(Backend.KAFKA)).isTrue();
  }

  @Test
  void refusesAnUnknownSelectionNamingTheProperty() {
    var environment = new MockEnvironment();
    environment
        .getPropertySources()
        .addFirst(new MapPropertySource("args", Map.of("dugout.cache.type", "memcached")));
    assertThatThrownBy(() -> DugoutProperties.of(environment))
        .isInstanceOf(BindException.class)
        .hasMessageContaining("dugout.cache.type")
        .rootCause()
        .hasMessageContaining("memcached");
  }

  @Test
  void keepsBootsBackendAutoConfigurationOnlyForBackendsTheNodeUses() {
    var embedded = DugoutProperties.of(new MockEnvironment());
    var cluster =
        DugoutProperties.of(
            new MockEnvironment()
                .withProperty("dugout.mode", "cluster")
                .withProperty("dugout.store.type", "mongodb"));
    String[] backends = {
      "org.springframework.boot.mongodb.autoconfigure.MongoAutoConfiguration",
      "org.springframework.boot.data.mongodb.autoconfigure.DataMongoAutoConfiguration",
      "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration",
      "org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration"
    };
    for (String candidate : backends) {
      assertThat(SelectedAutoConfigurations.kept(candidate, embedded)).as(candidate).isFalse();
      assertThat(SelectedAutoConfigurations.kept(candidate, cluster)).as(candidate).isTrue();
    }
    String redisHealth =
        "org.springframework.boot.data.redis.autoconfigure.health.DataRedisHealthContributorAutoConfiguration";
    assertThat(SelectedAutoConfigurations.kept(redisHealth, cluster)).isFalse();
    String web = "org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration";
    assertThat(SelectedAutoConfigurations.kept(web, embedded)).isTrue();
    assertThat(SelectedAutoConfigurations.kept(null, embedded)).isTrue();
  }
}
