package io.dugout.cluster.kafka;

import io.dugout.message.Fanout;
import io.dugout.message.Message;
import io.dugout.message.MessageStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;

/**
 * This node's member of the sequencing consumer group: for the partitions Kafka gave it, it
 * sequences every send in partition order and stores it, then answers the node that asked and
 * publishes the message to the room's nodes.
 *
 * <p>A room's last seq is read from the store the first time the room comes up after its partition
 * was assigned, then kept in memory while the partition stays here. Offsets are committed only
 * after the store write, so a crash or a rebalance repeats records, never skips one; a repeated
 * record finds its retry key ({@code RETRY}) and stores nothing. A former owner still writing loses
 * on the store's unique seq ({@code SEQ_TAKEN}); the owner then re-reads the last seq. A record
 * whose write fails is tried again, after a pause, before anything after it in its partition.
 * Commits are asynchronous, so the next poll never waits for one (a failed commit only repeats
 * stored records), and synchronous, bounded, when partitions leave this node.
 */
final class PartitionOwner implements Runnable, ConsumerRebalanceListener {

  private static final Logger log = LoggerFactory.getLogger(PartitionOwner.class);

  /** Attempts after a {@code SEQ_TAKEN} before the record is tried again later. */
  private static final int ATTEMPTS = 3;

  private static final Duration POLL = Duration.ofMillis(200);
  private static final Duration RETRY_PAUSE = Duration.ofMillis(250);
  private static final Duration COMMIT_ON_REVOKE = Duration.ofSeconds(2);

  private final Consumer<String, byte[]> consumer;
  private final String topic;
  private final MessageStore store;
  private final Fanout fanout;
  private final RoomFeeds feeds;
  private final KafkaSequencer local;
  private final Map<Integer, Map<String, Long>> lastSeqs = new ConcurrentHashMap<>();
  private final AtomicLong failures = new AtomicLong();
  private final ExecutorService partitions =
      Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("dugout-sequencer-", 0).factory());
  private volatile boolean running = true;
  private volatile long lastWarning;

  PartitionOwner(
      Consumer<String, byte[]> consumer,
      String topic,
      MessageStore store,
      Fanout fanout,
      RoomFeeds feeds,
      KafkaSequencer local) {
    this.consumer = consumer;
    this.topic = topic;
    this.store = store;
    this.fanout = fanout;
    this.feeds = feeds;
    this.local = local;
  }

  @Override
  public void run() {
    try {
      consumer.subscribe(List.of(topic), this);
      while (running) {
        try {
          pollOnce();
        } catch (WakeupException e) {
          // stop() woke the poll
        } catch (RuntimeException e) {
          // why: a commit refused after a rebalance, a broker away: the records come again
          warn(e instanceof KafkaException ? "Kafka" : "sequencing", e);
          pause();
        }
      }
    } finally {
      partitions.shutdown();
      try {
        consumer.close(Duration.ofSeconds(5));
      } catch (RuntimeException e) {
        log.warn("Closing the sequencing consumer failed: {}", e.toString());
      }
    }
  }

  /** Ends the loop; the consumer leaves the group, so its partitions move at once. */
  void stop() {
    running = false;
    consumer.wakeup();
  }

  /** How many store writes failed and were tried again. */
  /** The consumer, for its client metrics (which Kafka keeps safe to read from any thread). */
  Consumer<String, byte[]> consumer() {
    return consumer;
  }

  long failures() {
    return failures.get();
  }

  /** How many partitions this node sequences now. */
  int partitions() {
    return lastSeqs.size();
  }

  /** The partitions this node sequences now. */
  Set<Integer> owned() {
    return Set.copyOf(lastSeqs.keySet());
  }

  private void pollOnce() {
    var records = consumer.poll(POLL);
    if (records.isEmpty()) {
      return;
    }
    // why: partitions are independent (a room lives in one), so their records are sequenced in
    // parallel, each partition's in order; the consumer itself is used only on this thread
    var work = new HashMap<TopicPartition, Future<Long>>();
    for (var partition : records.partitions()) {
      var batch = records.records(partition);
      work.put(partition, partitions.submit(() -> sequenceInOrder(batch)));
    }
    Map<TopicPartition, OffsetAndMetadata> done = new HashMap<>();
    boolean failed = false;
    for (var entry : work.entrySet()) {
      var partition = entry.getKey();
      var batch = records.records(partition);
      long next = await(entry.getValue());
      if (next > batch.getFirst().offset()) {
        done.put(partition, new OffsetAndMetadata(next));
      }
      if (next <= batch.getLast().offset()) {
        // why: nothing after the failed record in its partition may be sequenced before it
        consumer.seek(partition, next);
        lastSeqs.computeIfPresent(partition.partition(), (p, rooms) -> new HashMap<>());
        failed = true;
      }
    }
    if (!done.isEmpty()) {
      // why: the records are stored, so their answers are out; a commit that waits for the broker
      // would hold the next poll (and every send behind it) for a round trip, or for a minute while
      // the broker is away. A commit that fails only repeats stored records, which find their
      // retry keys; a later commit covers an earlier one.
      consumer.commitAsync(done, this::committed);
    }
    if (failed) {
      pause();
    }
  }

  /**
   * Sequences a partition's records in order, as few store writes as it can (one {@link
   * MessageStore#writeInOrder} for every record up to the first that is not created); returns the
   * offset after the last one done.
   */
  private long sequenceInOrder(List<ConsumerRecord<String, byte[]>> batch) {
    var rooms = lastSeqs.computeIfAbsent(batch.getFirst().partition(), p -> new HashMap<>());
    int done = 0;
    int attempts = 0;
    while (done < batch.size()) {
      var sends = new ArrayList<SendRecord>();
      var positions = new ArrayList<Integer>();
      var drafts = new ArrayList<Message>();
      var next = new HashMap<String, Long>();
      try {
        for (int i = done; i < batch.size(); i++) {
          SendRecord send = readable(batch.get(i));
          if (send == null) {
            continue;
          }
          String roomId = send.roomId();
          long seq = next.containsKey(roomId) ? next.get(roomId) : last(rooms, roomId) + 1;
          next.put(roomId, seq + 1);
          sends.add(send);
          positions.add(i);
          drafts.add(send.draft().withSeq(roomId, seq));
        }
        if (sends.isEmpty()) {
          return batch.getLast().offset() + 1;
        }
        var written = store.writeInOrder(drafts);
        for (int k = 0; k < written.size(); k++) {
          var send = sends.get(k);
          var result = written.get(k);
          switch (result.outcome()) {
            case CREATED -> {
              rooms.put(send.roomId(), result.message().seq());
              feeds.offer(result.message());
              fanout.publish(result.message());
              answer(send, new Fanout.Answer(send.requestId(), result.message(), true));
              done = positions.get(k) + 1;
              attempts = 0;
            }
            case RETRY -> {
              answer(send, new Fanout.Answer(send.requestId(), result.message(), false));
              done = positions.get(k) + 1;
              attempts = 0;
            }
            case SEQ_TAKEN -> {
              rooms.put(send.roomId(), store.lastSeq(send.roomId()));
              done = positions.get(k);
              if (++attempts >= ATTEMPTS) {
                throw new IllegalStateException(
                    "room "
                        + send.roomId()
                        + " kept being written by another sequencer; a former owner still"
                        + " running?");
              }
            }
          }
        }
      } catch (RuntimeException e) {
        failures.incrementAndGet();
        warn("MongoDB", e);
        return batch.get(done).offset();
      }
    }
    return batch.getLast().offset() + 1;
  }

  private long last(Map<String, Long> rooms, String roomId) {
    return rooms.computeIfAbsent(roomId, store::lastSeq);
  }

  private static long await(Future<Long> result) {
    try {
      return result.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new WakeupException();
    } catch (ExecutionException e) {
      throw new IllegalStateException("sequencing a partition failed", e.getCause());
    }
  }

  /** The send a record carries, or null (logged) for one no node can read. */
  private static SendRecord readable(ConsumerRecord<String, byte[]> record) {
    try {
      return SendRecord.of(record.value());
    } catch (JacksonException e) {
      // why: a record no node can read would stop its partition for good; nobody can answer it
      log.error(
          "Skipping unreadable record {} of partition {}", record.offset(), record.partition());
      return null;
    }
  }

  private void answer(SendRecord send, Fanout.Answer answer) {
    if (local.nodeId().equals(send.nodeId())) {
      local.answered(answer);
    } else {
      fanout.answer(send.nodeId(), answer);
    }
  }

  @Override
  public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
    // why: another node may have sequenced these rooms meanwhile; learn their last seqs afresh
    partitions.forEach(p -> lastSeqs.put(p.partition(), new HashMap<>()));
    if (!partitions.isEmpty()) {
      log.info("Sequencing partitions {} of {}", numbers(partitions), topic);
    }
  }

  private void committed(Map<TopicPartition, OffsetAndMetadata> offsets, Exception error) {
    if (error != null) {
      log.debug("Committing offsets {} failed; their records may come again: {}", offsets, error);
    }
  }

  @Override
  public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
    if (!partitions.isEmpty()) {
      try {
        // why: the next owner starts after the last commit; what is stored here but only
        // committed asynchronously would otherwise come to it again (harmless, but work)
        consumer.commitSync(COMMIT_ON_REVOKE);
      } catch (RuntimeException e) {
        log.debug("Committing before giving up partitions failed: {}", e.toString());
      }
    }
    partitions.forEach(p -> lastSeqs.remove(p.partition()));
    if (!partitions.isEmpty()) {
      log.info("No longer sequencing partitions {} of {}", numbers(partitions), topic);
    }
  }

  @Override
  public void onPartitionsLost(Collection<TopicPartition> partitions) {
    onPartitionsRevoked(partitions);
  }

  private static List<Integer> numbers(Collection<TopicPartition> partitions) {
    return partitions.stream().map(TopicPartition::partition).sorted().toList();
  }

  private void warn(String what, RuntimeException e) {
    long now = System.currentTimeMillis();
    if (now - lastWarning > 30_000) {
      lastWarning = now;
      log.warn("Sequencing paused, {} failed (tried again; more within 30 s not logged)", what, e);
    }
  }

  private void pause() {
    try {
      Thread.sleep(RETRY_PAUSE);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      running = false;
    }
  }
}
