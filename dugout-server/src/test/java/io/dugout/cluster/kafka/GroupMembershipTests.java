package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.mock.env.MockEnvironment;

/**
 * The name a node takes in its consumer groups: stable across its restarts, different between nodes
 * on one host, and one Kafka accepts.
 */
class GroupMembershipTests {

  @Test
  void takesTheConfiguredInstanceIdFirst() {
    var membership = membershipOf(settings().withProperty("dugout.cluster.kafka.instance-id", "a"));
    assertThat(membership.instanceId()).isEqualTo("a");
    assertThat(membership.sessionTimeout()).isEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void takesTheNodeIdWhenNoInstanceIdIsConfiguredWithWhatKafkaRefusesReplaced() {
    var membership = membershipOf(settings().withProperty("dugout.cluster.node-id", "node 1:x"));
    assertThat(membership.instanceId()).isEqualTo("node_1_x");
  }

  @Test
  void takesTheHostNameAndPortWithoutEither() {
    var first = membershipOf(settings().withProperty("server.port", "8081"));
    var second = membershipOf(settings().withProperty("server.port", "8082"));
    assertThat(first.instanceId()).endsWith("-8081").matches("[a-zA-Z0-9._-]+");
    assertThat(second.instanceId()).endsWith("-8082");
    assertThat(first.instanceId().replace("-8081", ""))
        .isEqualTo(second.instanceId().replace("-8082", ""));
  }

  @Test
  void joinsAsANewMemberAtEveryStartOnARandomPort() {
    var membership = membershipOf(settings().withProperty("server.port", "0"));
    assertThat(membership.instanceId()).isNull();
  }

  @Test
  void refusesAConfiguredInstanceIdKafkaWouldRefuse() {
    assertThatThrownBy(
            () ->
                membershipOf(settings().withProperty("dugout.cluster.kafka.instance-id", "pod:1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("dugout.cluster.kafka.instance-id")
        .hasMessageContaining("pod:1");
  }

  @Test
  void takesTheConfiguredSessionTimeout() {
    var membership =
        membershipOf(settings().withProperty("dugout.cluster.kafka.session-timeout", "6s"));
    assertThat(membership.sessionTimeout()).isEqualTo(Duration.ofSeconds(6));
  }

  private static MockEnvironment settings() {
    return new MockEnvironment()
        .withProperty("dugout.mode", "cluster")
        .withProperty("dugout.store.type", "mongodb");
  }

  private static GroupMembership membershipOf(MockEnvironment environment) {
    var cluster =
        Binder.get(environment).bindOrCreate("dugout.cluster", KafkaClusterProperties.class);
    return GroupMembership.of(cluster, environment);
  }
}
