package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import io.dugout.CapturedLog;
import io.dugout.Waits;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A cluster node's lifecycle: a stop leaves the sequencing group (its partitions move to the other
 * nodes at once), a stopped node refuses to start again instead of running without its Kafka
 * clients, and a node that another one fences by taking its name in the groups stops sequencing and
 * says which setting to fix.
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

  @Test
  void aNodeWhoseNameAnotherNodeTakesStopsSequencingAndNamesTheSetting() {
    try (var cluster = new TestCluster()) {
      var first = cluster.start("--dugout.cluster.kafka.instance-id=same");
      Waits.until(
          () -> first.owned().size() == TestCluster.PARTITIONS,
          Duration.ofSeconds(30),
          "the first node sequencing every partition");
      try (var log = CapturedLog.all()) {
        var second = cluster.start("--dugout.cluster.kafka.instance-id=same");
        Waits.until(
            () -> second.owned().size() == TestCluster.PARTITIONS && first.owned().isEmpty(),
            Duration.ofSeconds(60),
            "the second node sequencing every partition, the first none");
        Waits.until(
            () ->
                !log.matching(
                        l ->
                            l.level() == Level.ERROR
                                && l.message().contains("dugout.cluster.kafka.instance-id"))
                    .isEmpty(),
            Duration.ofSeconds(30),
            "the fenced node's ERROR naming the setting");
      }
    }
  }
}
