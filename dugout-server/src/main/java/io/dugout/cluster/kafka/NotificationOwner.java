package io.dugout.cluster.kafka;

import io.dugout.notification.Notification;
import io.dugout.notification.NotificationFanout;
import io.dugout.notification.NotificationListeners;
import io.dugout.notification.NotificationStore;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
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
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;

/**
 * This node's member of the notification consumer group: for the partitions Kafka gave it, it
 * stores every notification in partition order (a user's notifications in the order they were
 * sent), then tells this node's listeners (live delivery here, the offline webhook), publishes it
 * to the nodes where its user is connected, and answers the node that asked.
 *
 * <p>Offsets are committed only after the store writes, so a crash or a rebalance repeats records,
 * never skips one; a repeated record with an idempotency key finds it and stores nothing, while a
 * repeated keyless one is stored again and a repeated chat notification counts once more (only
 * after an owner stopped between a write and its commit). A record whose write fails is tried
 * again, after a pause, before anything after it in its partition.
 */
final class NotificationOwner implements Runnable, ConsumerRebalanceListener {

  private static final Logger log = LoggerFactory.getLogger(NotificationOwner.class);
  private static final Duration POLL = Duration.ofMillis(200);
  private static final Duration RETRY_PAUSE = Duration.ofMillis(250);

  private final Consumer<String, byte[]> consumer;
  private final String topic;
  private final NotificationStore store;
  private final NotificationListeners listeners;
  private final NotificationFanout fanout;
  private final KafkaNotificationWriter local;
  private final Clock clock;
  private final AtomicLong failures = new AtomicLong();
  private final Set<Integer> owned = ConcurrentHashMap.newKeySet();
  private final ExecutorService partitions =
      Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("dugout-notifier-", 0).factory());
  private volatile boolean running = true;
  private volatile long lastWarning;

  NotificationOwner(
      Consumer<String, byte[]> consumer,
      String topic,
      NotificationStore store,
      NotificationListeners listeners,
      NotificationFanout fanout,
      KafkaNotificationWriter local,
      Clock clock) {
    this.consumer = consumer;
    this.topic = topic;
    this.store = store;
    this.listeners = listeners;
    this.fanout = fanout;
    this.local = local;
    this.clock = clock;
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
          warn(e);
          pause();
        }
      }
    } finally {
      partitions.shutdown();
      try {
        consumer.close(Duration.ofSeconds(5));
      } catch (RuntimeException e) {
        log.warn("Closing the notification consumer failed: {}", e.toString());
      }
    }
  }

  void stop() {
    running = false;
    consumer.wakeup();
  }

  Consumer<String, byte[]> consumer() {
    return consumer;
  }

  /** How many store writes failed and were tried again. */
  long failures() {
    return failures.get();
  }

  /** The partitions of the notifications topic this node stores now. */
  Set<Integer> owned() {
    return Set.copyOf(owned);
  }

  @Override
  public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
    partitions.forEach(p -> owned.add(p.partition()));
  }

  @Override
  public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
    partitions.forEach(p -> owned.remove(p.partition()));
  }

  private void pollOnce() {
    var records = consumer.poll(POLL);
    if (records.isEmpty()) {
      return;
    }
    // why: a user's records are in one partition, so partitions are stored in parallel, each in
    // order; the consumer itself is used only on this thread
    var work = new HashMap<TopicPartition, Future<Long>>();
    for (var partition : records.partitions()) {
      var batch = records.records(partition);
      work.put(partition, partitions.submit(() -> storeInOrder(batch)));
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
        // why: a user's later notifications must not overtake the one that failed
        consumer.seek(partition, next);
        failed = true;
      }
    }
    if (!done.isEmpty()) {
      consumer.commitSync(done);
    }
    if (failed) {
      pause();
    }
  }

  private static long await(Future<Long> result) {
    try {
      return result.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new WakeupException();
    } catch (ExecutionException e) {
      throw new IllegalStateException("storing a partition failed", e.getCause());
    }
  }

  /**
   * Stores a partition's records in order; returns the offset after the last one stored. Runs of
   * records without an idempotency key are stored in one write.
   */
  private long storeInOrder(List<ConsumerRecord<String, byte[]>> batch) {
    long next = batch.getFirst().offset();
    var answers = new LinkedHashMap<String, Answers>();
    var run = new ArrayList<NotificationRecord>();
    try {
      for (var record : batch) {
        var one = read(record);
        if (one != null && !one.collapses() && one.key() == null) {
          run.add(one);
          continue;
        }
        try {
          storeRun(run, answers);
        } catch (RuntimeException e) {
          return failed(e, next);
        }
        next = record.offset();
        try {
          if (one != null) {
            store(one, answers);
          }
        } catch (RuntimeException e) {
          return failed(e, next);
        }
        next = record.offset() + 1;
      }
      try {
        storeRun(run, answers);
      } catch (RuntimeException e) {
        return failed(e, next);
      }
      return batch.getLast().offset() + 1;
    } finally {
      // why: one answer per request and partition batch, not one per recipient
      answers.values().forEach(this::answer);
    }
  }

  private long failed(RuntimeException e, long next) {
    failures.incrementAndGet();
    warn(e);
    return next;
  }

  private NotificationRecord read(ConsumerRecord<String, byte[]> record) {
    try {
      return NotificationRecord.of(record.value());
    } catch (JacksonException e) {
      // why: a record no node can read would stop its partition for good
      log.error(
          "Skipping unreadable notification record {} of partition {}",
          record.offset(),
          record.partition());
      return null;
    }
  }

  /** Stores keyless notifications in one write, then empties the run. */
  private void storeRun(List<NotificationRecord> run, Map<String, Answers> answers) {
    if (run.isEmpty()) {
      return;
    }
    store.add(run.stream().map(NotificationRecord::notification).toList(), null);
    for (var one : run) {
      told(one.notification());
      answered(one, one.notification().id(), true, answers);
    }
    run.clear();
  }

  private void store(NotificationRecord one, Map<String, Answers> answers) {
    if (one.collapses()) {
      told(store.collapse(one.notification(), clock.instant()));
      return;
    }
    var added = store.add(List.of(one.notification()), one.key());
    if (added.created()) {
      told(one.notification());
    }
    answered(one, added.ids().getFirst(), added.created(), answers);
  }

  private static void answered(
      NotificationRecord one, String id, boolean created, Map<String, Answers> answers) {
    if (one.requestId() != null) {
      answers
          .computeIfAbsent(one.requestId(), r -> new Answers(one.nodeId(), r))
          .answer
          .stored()
          .add(new NotificationFanout.Stored(one.index(), id, created));
    }
  }

  private void answer(Answers answers) {
    if (local.nodeId().equals(answers.nodeId)) {
      local.answered(answers.answer);
    } else {
      fanout.answer(answers.nodeId, answers.answer);
    }
  }

  private void told(Notification stored) {
    listeners.tell(stored);
    fanout.publish(stored);
  }

  private void warn(RuntimeException e) {
    long now = System.currentTimeMillis();
    if (now - lastWarning > 30_000) {
      lastWarning = now;
      log.warn("Storing notifications paused (tried again; more within 30 s not logged)", e);
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

  /** The answer to one request that one partition batch makes. */
  private static final class Answers {
    final String nodeId;
    final NotificationFanout.Answer answer;

    Answers(String nodeId, String requestId) {
      this.nodeId = nodeId;
      this.answer = new NotificationFanout.Answer(requestId, new ArrayList<>());
    }
  }
}
