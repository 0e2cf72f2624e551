package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.Waits;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A cluster node's lifecycle: a stop leaves the sequencing group (its partitions move to the other
 * nodes at once), and a stopped node refuses to start again instead of running without its Kafka
 * clients.
 */
class ClusterNodeLifecycleTests {

  @Test
  void aStoppedNodeHandsItsPartitionsOverAndRefusesToStartAgain() {
    try (var cluster = new TestCluster()) {
      var a = cluster.start();
      var b = cluster.start();
      cluster.awaitBalanced();
      var node = a.context().getBean(ClusterNode.class);

      a.context().stop();
      assertThat(node.isRunning()).isFalse();
      Waits.until(
          () -> b.owned().size() == TestCluster.PARTITIONS,
          Duration.ofSeconds(30),
          "the other node sequencing every partition");

      assertThatThrownBy(() -> a.context().start())
          .hasRootCauseInstanceOf(IllegalStateException.class)
          .rootCause()
          .hasMessageContaining("cannot start again after it stopped");
      assertThat(node.isRunning()).isFalse();
    }
  }
}
