package io.dugout.cluster.kafka;

import java.time.Duration;
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
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.FencedInstanceIdException;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This node's member of one consumer group: it polls the partitions Kafka gave it and hands each
 * partition's records, in partition order, to a {@link Handler} that writes them to a store.
 *
 * <p>The partitions of one poll are handled in parallel (on virtual threads), each in order; the
 * consumer itself is used only on the polling thread. Offsets are committed only up to the records
 * the handler finished, so a crash or a rebalance repeats records, never skips one. When the
 * handler stops short, the partition is sought back to the first record it did not finish, which is
 * tried again, after a pause, before anything after it.
 *
 * <p>{@link #stop} ends the loop within {@link #STOP_BOUND}, whatever the broker and the store do:
 * it wakes the poll or commit under way, interrupts the handlers (what they did not finish comes
 * again to the partition's next owner, as after a crash), and closes the consumer in at most 5 s.
 * The consumer leaves the group as it closes, so its partitions move at once.
 *
 * <p>Over 300 lines, most of them the contract above: poll, commit, rebalance and stop share the
 * one consumer, which only the polling thread may touch, so they stay in one class.
 */
final class OrderedConsumer implements Runnable, ConsumerRebalanceListener {

  private static final Logger log = LoggerFactory.getLogger(OrderedConsumer.class);

  private static final Duration POLL = Duration.ofMillis(200);
  private static final Duration RETRY_PAUSE = Duration.ofMillis(250);
  private static final Duration COMMIT_ON_REVOKE = Duration.ofSeconds(2);
  private static final Duration CLOSE = Duration.ofSeconds(5);

  /**
   * How long the loop may take to end after {@link #stop}: a commit before partitions leave ({@link
   * #COMMIT_ON_REVOKE}) and the close ({@link #CLOSE}), with room to spare.
   */
  static final Duration STOP_BOUND = Duration.ofSeconds(10);

  /** Writes a partition's records to a store, in order. */
  interface Handler {

    /**
     * Writes the records (one partition's, of one poll) in order; says how far it got. Called on a
     * thread of its own per partition, never for one partition twice at once.
     */
    Progress handle(List<ConsumerRecord<String, byte[]>> records);

    /** Partitions that came to this node; before any of their records is handled. */
    default void assigned(Collection<TopicPartition> partitions) {}

    /**
     * {@link #assigned(Collection)}, with how many partitions the topic has (which a handler needs
     * to tell which keys the partitions hold); -1 when the broker could not say.
     */
    default void assigned(Collection<TopicPartition> partitions, int topicPartitions) {
      assigned(partitions);
    }

    /** Partitions that left this node (revoked or lost). */
    default void revoked(Collection<TopicPartition> partitions) {}
  }

  /**
   * How far a {@link Handler} got: the offset to go on from, and the failure that stopped it short
   * (null when it finished every record).
   */
  record Progress(long next, RuntimeException failure) {

    static Progress finished(List<ConsumerRecord<String, byte[]>> records) {
      return new Progress(records.getLast().offset() + 1, null);
    }

    static Progress stoppedAt(long offset, RuntimeException failure) {
      return new Progress(offset, failure);
    }
  }

  /** When offsets are committed. */
  enum Commits {
    /** After each poll, waiting for the broker; nothing more when partitions leave. */
    SYNC,
    /**
     * After each poll without waiting, so the next poll (and every request behind it) never waits
     * for a round trip to the group coordinator, or for a minute while the broker is away; a commit
     * that fails only repeats written records, and a later commit covers an earlier one. Before
     * partitions leave this node it commits synchronously, bounded to 2 s: the next owner starts
     * after the last commit, and what was written here but committed only asynchronously would
     * otherwise come to it again (harmless, but work).
     */
    ASYNC
  }

  private final Consumer<String, byte[]> consumer;
  private final String topic;
  private final String name;
  private final Commits commits;
  private final Handler handler;
  private final Set<Integer> owned = ConcurrentHashMap.newKeySet();
  private final AtomicLong failures = new AtomicLong();
  private final ExecutorService partitions;
  private volatile boolean running = true;
  private volatile long lastWarning;

  /**
   * @param name what this consumer is, in logs and its threads' names ({@code sequencer})
   */
  OrderedConsumer(
      Consumer<String, byte[]> consumer,
      String topic,
      String name,
      Commits commits,
      Handler handler) {
    this.consumer = consumer;
    this.topic = topic;
    this.name = name;
    this.commits = commits;
    this.handler = handler;
    this.partitions =
        Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("dugout-" + name + "-", 0).factory());
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
        } catch (FencedInstanceIdException e) {
          // why: Kafka never lets a fenced consumer back in; polling on would only fail again
          log.error(
              "Another node joined the {} group under this node's name; this node's {} stops"
                  + " until it restarts. Give every node its own dugout.cluster.kafka.instance-id"
                  + " (or dugout.cluster.node-id)",
              name,
              name,
              e);
          running = false;
        } catch (RuntimeException e) {
          // why: a commit refused after a rebalance, a broker away: the records come again
          if (running) {
            warn(e instanceof KafkaException ? "Kafka" : "handling records", e);
            pause();
          }
        }
      }
    } finally {
      partitions.shutdownNow();
      try {
        // why: a static member stays in its group when it closes unless told to leave
        consumer.close(
            CloseOptions.timeout(CLOSE)
                .withGroupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP));
      } catch (RuntimeException e) {
        log.warn("Closing the {} consumer failed: {}", name, e.toString());
      }
      owned.clear();
    }
  }

  /**
   * Ends the loop, within {@link #STOP_BOUND}; the consumer leaves the group, so its partitions
   * move at once.
   */
  void stop() {
    running = false;
    // why: a handler may wait for a store or Redis that is away (30 s for MongoDB's server
    // selection); what it did not finish is not committed, so its next owner writes it
    partitions.shutdownNow();
    consumer.wakeup();
  }

  /** The consumer, for its client metrics (which Kafka keeps safe to read from any thread). */
  Consumer<String, byte[]> consumer() {
    return consumer;
  }

  /** How many store writes failed and were tried again. */
  long failures() {
    return failures.get();
  }

  /** The partitions of the topic this node owns now. */
  Set<Integer> owned() {
    return Set.copyOf(owned);
  }

  /** How many partitions of the topic this node owns now. */
  int partitions() {
    return owned.size();
  }

  private void pollOnce() {
    var records = consumer.poll(POLL);
    if (records.isEmpty()) {
      return;
    }
    var work = new HashMap<TopicPartition, Future<Progress>>();
    for (var partition : records.partitions()) {
      var batch = records.records(partition);
      work.put(partition, partitions.submit(() -> handler.handle(batch)));
    }
    Map<TopicPartition, OffsetAndMetadata> done = new HashMap<>();
    boolean failed = false;
    for (var entry : work.entrySet()) {
      var partition = entry.getKey();
      var batch = records.records(partition);
      var progress = await(entry.getValue());
      if (progress.failure() != null && running) {
        failures.incrementAndGet();
        warn("a store write", progress.failure());
      }
      long next = progress.next();
      if (next > batch.getFirst().offset()) {
        done.put(partition, new OffsetAndMetadata(next));
      }
      if (next <= batch.getLast().offset()) {
        // why: nothing after the failed record in its partition may be written before it
        consumer.seek(partition, next);
        failed = true;
      }
    }
    if (!done.isEmpty()) {
      switch (commits) {
        case SYNC -> consumer.commitSync(done);
        case ASYNC -> consumer.commitAsync(done, this::committed);
      }
    }
    if (failed) {
      pause();
    }
  }

  private Progress await(Future<Progress> result) {
    try {
      return result.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new WakeupException();
    } catch (ExecutionException e) {
      throw new IllegalStateException("the " + name + " failed on a partition", e.getCause());
    }
  }

  private void committed(Map<TopicPartition, OffsetAndMetadata> offsets, Exception error) {
    if (error != null) {
      log.debug("Committing offsets {} failed; their records may come again: {}", offsets, error);
    }
  }

  @Override
  public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
    partitions.forEach(p -> owned.add(p.partition()));
    handler.assigned(partitions, partitions.isEmpty() ? -1 : topicPartitions());
  }

  /** How many partitions the topic has, from the consumer's metadata; -1 when it cannot say. */
  private int topicPartitions() {
    try {
      var all = consumer.partitionsFor(topic, COMMIT_ON_REVOKE);
      return all == null || all.isEmpty() ? -1 : all.size();
    } catch (RuntimeException e) {
      log.debug("The partitions of {} are unknown for now: {}", topic, e.toString());
      return -1;
    }
  }

  @Override
  public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
    if (commits == Commits.ASYNC && !partitions.isEmpty()) {
      try {
        consumer.commitSync(COMMIT_ON_REVOKE);
      } catch (RuntimeException e) {
        log.debug("Committing before giving up partitions failed: {}", e.toString());
      }
    }
    partitions.forEach(p -> owned.remove(p.partition()));
    handler.revoked(partitions);
  }

  @Override
  public void onPartitionsLost(Collection<TopicPartition> partitions) {
    onPartitionsRevoked(partitions);
  }

  private void warn(String what, RuntimeException e) {
    if (!running) {
      return; // why: stop() interrupted the work; its failures say nothing about the backends
    }
    long now = System.currentTimeMillis();
    if (now - lastWarning > 30_000) {
      lastWarning = now;
      log.warn(
          "The {} paused, {} failed (tried again; more within 30 s not logged)", name, what, e);
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
