package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.notification.NotificationStore;
import io.dugout.notification.NotificationWriter;
import io.dugout.notification.NotificationWriterContract;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * {@link NotificationWriterContract} on a cluster node: notifications through a real Kafka broker
 * to the node owning every notifications partition, stored in MongoDB's in-JVM stand-in.
 */
class KafkaNotificationWriterTests extends NotificationWriterContract {

  private static final Recorder recorder = new Recorder();
  private static final TestCluster cluster = new TestCluster();
  private static TestCluster.Node node;

  @BeforeAll
  static void startNode() {
    node = cluster.startWith(List.of(recorder));
    cluster.awaitNotificationsBalanced();
    recorder.checkAgainst(node.context().getBean(NotificationStore.class));
    assertThat(node.context().getBean(NotificationWriter.class))
        .isInstanceOf(KafkaNotificationWriter.class);
  }

  @AfterAll
  static void stopNode() {
    cluster.close();
  }

  @Override
  protected NotificationWriter writer() {
    return node.context().getBean(NotificationWriter.class);
  }

  @Override
  protected NotificationStore store() {
    return node.context().getBean(NotificationStore.class);
  }

  @Override
  protected Recorder recorder() {
    return recorder;
  }
}
