package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** {@code dugout.cluster.*} but presence, as Spring binds it. */
class KafkaClusterPropertiesTests {

  @Test
  void defaultsToTwelvePartitionTopicsOnOneReplica() {
    var cluster = bind(Map.of());
    assertThat(cluster.nodeId()).isEmpty();
    assertThat(cluster.appendTimeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(cluster.gapCheckInterval()).isEqualTo(Duration.ofSeconds(2));
    assertThat(cluster.kafka())
        .isEqualTo(
            new KafkaClusterProperties.Sends(
                "dugout.sends",
                "dugout-sequencers",
                true,
                12,
                (short) 1,
                1,
                Duration.ofSeconds(10),
                "",
                false));
    assertThat(cluster.notifications())
        .isEqualTo(
            new KafkaClusterProperties.Notifications(
                "dugout.notifications", "dugout-notifiers", true, 12));
  }

  @Test
  void bindsTheDocumentedNamesAndIgnoresPresence() {
    var cluster =
        bind(
            Map.of(
                "dugout.cluster.node-id", "a",
                "dugout.cluster.append-timeout", "1s",
                "dugout.cluster.kafka.replication-factor", "3",
                "dugout.cluster.kafka.min-insync-replicas", "2",
                "dugout.cluster.notifications.create-topic", "false",
                "dugout.cluster.presence.ttl", "5s"));
    assertThat(cluster.nodeId()).isEqualTo("a");
    assertThat(cluster.appendTimeout()).isEqualTo(Duration.ofSeconds(1));
    assertThat(cluster.kafka().replicationFactor()).isEqualTo((short) 3);
    assertThat(cluster.kafka().minInsyncReplicas()).isEqualTo(2);
    assertThat(cluster.notifications().createTopic()).isFalse();
  }

  @Test
  void warnsAboutTopicsThatOneLostBrokerCanLoseSendsFromUnlessOneBrokerIsMeant() {
    assertThat(bind(Map.of()).kafka().replicationWarning())
        .contains("replication factor 1 and min.insync.replicas 1");
    assertThat(
            bind(Map.of(
                    "dugout.cluster.kafka.replication-factor", "3",
                    "dugout.cluster.kafka.min-insync-replicas", "1"))
                .kafka()
                .replicationWarning())
        .contains("min.insync.replicas 1");
    assertThat(
            bind(Map.of(
                    "dugout.cluster.kafka.replication-factor", "3",
                    "dugout.cluster.kafka.min-insync-replicas", "2"))
                .kafka()
                .replicationWarning())
        .isNull();
    assertThat(
            bind(Map.of("dugout.cluster.kafka.single-broker", "true")).kafka().replicationWarning())
        .isNull();
  }

  private static KafkaClusterProperties bind(Map<String, String> properties) {
    return new Binder(new MapConfigurationPropertySource(properties))
        .bindOrCreate("dugout.cluster", KafkaClusterProperties.class);
  }
}
