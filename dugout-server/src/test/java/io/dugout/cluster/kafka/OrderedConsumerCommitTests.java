package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetCommitCallback;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * When the partition owner's consumer commits: at most once per commit interval however many polls
 * bring records, the last offsets handled once it ends (also with no poll after), synchronously
 * after every poll for the notifier, and never a partition that has left the node.
 */
class OrderedConsumerCommitTests {

  private static final String TOPIC = "sends";
  private static final TopicPartition P0 = new TopicPartition(TOPIC, 0);
  private static final TopicPartition P1 = new TopicPartition(TOPIC, 1);

  private final CountingConsumer consumer = new CountingConsumer();
  private final AtomicLong handled = new AtomicLong();
  private Thread loop;
  private OrderedConsumer owner;

  @AfterEach
  void stop() throws InterruptedException {
    if (owner != null) {
      owner.stop();
      loop.join(OrderedConsumer.STOP_BOUND.toMillis());
    }
  }

  @Test
  void aBusyOwnerCommitsOncePerIntervalAndTheLastOffsetsOnceItEnds() {
    start(OrderedConsumer.Commits.ASYNC, Duration.ofMillis(500));

    for (int offset = 0; offset < 50; offset++) {
      int next = offset;
      consumer.schedulePollTask(() -> consumer.addRecord(record(P0, next)));
    }
    await().atMost(Duration.ofSeconds(5)).until(() -> handled.get() == 50);

    assertThat(consumer.asyncCommits.get())
        .as("50 polls with records within one interval")
        .isBetween(1, 2);
    await()
        .atMost(Duration.ofSeconds(3))
        .untilAsserted(
            () -> assertThat(consumer.lastCommitted(P0)).as("after the interval").isEqualTo(50));
  }

  @Test
  void theNotifierCommitsSynchronouslyAfterEveryPollWithRecords() {
    start(OrderedConsumer.Commits.SYNC, Duration.ZERO);

    for (int offset = 0; offset < 5; offset++) {
      int next = offset;
      consumer.schedulePollTask(() -> consumer.addRecord(record(P0, next)));
      consumer.scheduleNopPollTask();
    }
    await().atMost(Duration.ofSeconds(5)).until(() -> handled.get() == 5);

    await()
        .atMost(Duration.ofSeconds(2))
        .untilAsserted(() -> assertThat(consumer.syncCommits).hasSize(5));
    assertThat(consumer.asyncCommits).hasValue(0);
  }

  @Test
  void aPartitionThatLeftIsNotCommittedFromHereAfterwards() {
    start(OrderedConsumer.Commits.ASYNC, Duration.ofSeconds(1));
    consumer.schedulePollTask(
        () -> {
          consumer.addRecord(record(P0, 0));
          consumer.addRecord(record(P1, 0));
        });
    consumer.schedulePollTask(() -> consumer.addRecord(record(P0, 1)));
    consumer.schedulePollTask(() -> consumer.addRecord(record(P1, 1)));
    await().atMost(Duration.ofSeconds(5)).until(() -> handled.get() == 4);
    int before = consumer.asyncCommits.get();

    consumer.schedulePollTask(() -> consumer.rebalance(List.of(P0)));
    consumer.schedulePollTask(() -> consumer.addRecord(record(P0, 2)));
    await()
        .atMost(Duration.ofSeconds(3))
        .untilAsserted(() -> assertThat(consumer.asyncCommits.get()).isGreaterThan(before));

    assertThat(consumer.asyncCommitted.getLast().keySet())
        .as("the commit after the rebalance")
        .containsExactly(P0);
  }

  private void start(OrderedConsumer.Commits commits, Duration interval) {
    consumer.updateBeginningOffsets(Map.of(P0, 0L, P1, 0L));
    consumer.schedulePollTask(() -> consumer.rebalance(List.of(P0, P1)));
    owner =
        new OrderedConsumer(
            consumer,
            TOPIC,
            "test",
            commits,
            interval,
            records -> {
              handled.addAndGet(records.size());
              return OrderedConsumer.Progress.finished(records);
            });
    loop = Thread.ofPlatform().name("ordered-consumer-test").start(owner);
  }

  private static ConsumerRecord<String, byte[]> record(TopicPartition partition, long offset) {
    return new ConsumerRecord<>(TOPIC, partition.partition(), offset, "room", new byte[0]);
  }

  /** Kafka's {@link MockConsumer}, counting the commits it is asked for. */
  private static final class CountingConsumer extends MockConsumer<String, byte[]> {

    final AtomicInteger asyncCommits = new AtomicInteger();
    final List<Map<TopicPartition, OffsetAndMetadata>> asyncCommitted =
        new CopyOnWriteArrayList<>();
    final List<Map<TopicPartition, OffsetAndMetadata>> syncCommits = new CopyOnWriteArrayList<>();

    CountingConsumer() {
      super("earliest");
    }

    /** why: the mock's synchronous commits call its asynchronous one; those are not counted */
    private boolean inSync;

    @Override
    public synchronized void commitAsync(
        Map<TopicPartition, OffsetAndMetadata> offsets, OffsetCommitCallback callback) {
      if (!inSync) {
        asyncCommits.incrementAndGet();
        asyncCommitted.add(offsets);
      }
      super.commitAsync(offsets, callback);
    }

    @Override
    public synchronized void commitSync(Duration timeout) {
      inSync = true;
      try {
        super.commitSync(timeout);
      } finally {
        inSync = false;
      }
    }

    /** why: Kafka's mock answers at once; a real poll waits for records up to its timeout */
    @Override
    public ConsumerRecords<String, byte[]> poll(Duration timeout) {
      var records = super.poll(timeout);
      if (records.isEmpty()) {
        try {
          Thread.sleep(5);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return records;
    }

    @Override
    public synchronized void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets) {
      syncCommits.add(offsets);
      inSync = true;
      try {
        super.commitSync(offsets);
      } finally {
        inSync = false;
      }
    }

    long lastCommitted(TopicPartition partition) {
      var committed = committed(java.util.Set.of(partition)).get(partition);
      return committed == null ? -1 : committed.offset();
    }
  }
}
