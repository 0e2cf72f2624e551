package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.message.Message;
import io.dugout.message.MessageKind;
import io.dugout.message.MessageStore;
import io.dugout.message.NewMessage;
import io.dugout.message.Sequencer;
import io.dugout.message.SequencerContract;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.clients.producer.Producer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link SequencerContract} on a cluster node: the Kafka sequencer on a real broker, MongoDB's
 * in-JVM stand-in and a real redis-server, the node owning every partition, so that it writes every
 * new message itself (ADR 0017); {@code KafkaSequencerAcrossNodesTests} sends through Kafka.
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

  @Test
  void writesItsOwnRoomsSendsWithoutAKafkaRoundTrip() {
    var producer = node.context().getBean(KafkaSequencer.class).producer();
    double produced = produced(producer);
    String room = UUID.randomUUID().toString();

    var appended =
        sequencer()
            .append(
                room,
                new NewMessage("alice", MessageKind.TEXT, "hi", List.of(), "c-1", Instant.now()));

    assertThat(appended.created()).isTrue();
    assertThat(store().after(room, 0, 10)).extracting(Message::seq).containsExactly(1L);
    assertThat(produced(producer)).as("records produced").isEqualTo(produced);
  }

  private static double produced(Producer<?, ?> producer) {
    return producer.metrics().entrySet().stream()
        .filter(e -> e.getKey().name().equals("record-send-total"))
        .filter(e -> e.getKey().group().equals("producer-metrics"))
        .mapToDouble(e -> ((Number) e.getValue().metricValue()).doubleValue())
        .sum();
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
