package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.message.MessageStore;
import io.dugout.message.Sequencer;
import io.dugout.message.SequencerContract;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * {@link SequencerContract} on a cluster node: the Kafka sequencer on a real broker, MongoDB's
 * in-JVM stand-in and a real redis-server, the node owning every partition.
 */
class KafkaSequencerTests extends SequencerContract {

  private static final Recorder recorder = new Recorder();
  private static final TestCluster cluster = new TestCluster();
  private static TestCluster.Node node;

  @BeforeAll
  static void startNode() {
    node = cluster.startWith(List.of(recorder));
    cluster.awaitBalanced();
    recorder.checkAgainst(node.context().getBean(MessageStore.class));
    assertThat(node.context().getBean(Sequencer.class)).isInstanceOf(KafkaSequencer.class);
  }

  @AfterAll
  static void stopNode() {
    cluster.close();
  }

  @Override
  protected Sequencer sequencer() {
    return node.context().getBean(Sequencer.class);
  }

  @Override
  protected MessageStore store() {
    return node.context().getBean(MessageStore.class);
  }

  @Override
  protected Recorder recorder() {
    return recorder;
  }
}
