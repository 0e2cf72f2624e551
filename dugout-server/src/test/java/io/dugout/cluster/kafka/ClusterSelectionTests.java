package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.Applications;
import io.dugout.message.Sequencer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.ProducerFactory;

/** Embedded mode stays the default and builds no Kafka client; cluster mode needs MongoDB. */
class ClusterSelectionTests {

  @TempDir Path dataDir;

  @Test
  void anEmbeddedNodeSequencesItselfAndBuildsNoKafkaClient() {
    try (var context = start()) {
      assertThat(context.getBean(Sequencer.class).getClass().getSimpleName())
          .isEqualTo("LocalSequencer");
      assertThat(context.getBeanNamesForType(KafkaAdmin.class)).isEmpty();
      assertThat(context.getBeanNamesForType(ProducerFactory.class)).isEmpty();
      assertThat(context.getBeanNamesForType(ClusterNode.class)).isEmpty();
    }
  }

  @Test
  void refusesClusterModeOnTheEmbeddedStore() {
    assertThatThrownBy(() -> start("--dugout.mode=cluster").close())
        .hasStackTraceContaining("dugout.mode=cluster needs dugout.store.type=mongodb");
  }

  @Test
  void refusesAnUnknownMode() {
    assertThatThrownBy(() -> start("--dugout.mode=swarm").close())
        .hasStackTraceContaining("dugout.mode");
  }

  private ConfigurableApplicationContext start(String... args) {
    return Applications.start(dataDir, args);
  }
}
