package io.dugout.cluster.kafka;

import io.dugout.cluster.kafka.OrderedConsumer.Progress;
import io.dugout.notification.Notification;
import io.dugout.notification.NotificationFanout;
import io.dugout.notification.NotificationListeners;
import io.dugout.notification.NotificationStore;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;

/**
 * What this node's member of the notification consumer group ({@link OrderedConsumer}) does with
 * the partitions Kafka gave it: it stores every notification in partition order (a user's
 * notifications in the order they were sent), then tells this node's listeners (live delivery here,
 * the offline webhook), publishes it to the nodes where its user is connected, and answers the node
 * that asked.
 *
 * <p>Offsets are committed only after the store writes, and synchronously ({@link
 * OrderedConsumer.Commits#SYNC}), so a crash or a rebalance repeats records, never skips one; a
 * repeated record with an idempotency key finds it and stores nothing, while a repeated keyless one
 * is stored again and a repeated chat notification counts once more (only after an owner stopped
 * between a write and its commit). A record whose write fails is tried again, after a pause, before
 * anything after it in its partition.
 */
final class NotificationOwner implements OrderedConsumer.Handler {

  private static final Logger log = LoggerFactory.getLogger(NotificationOwner.class);

  private final NotificationStore store;
  private final NotificationListeners listeners;
  private final NotificationFanout fanout;
  private final KafkaNotificationWriter local;
  private final Clock clock;

  NotificationOwner(
      NotificationStore store,
      NotificationListeners listeners,
      NotificationFanout fanout,
      KafkaNotificationWriter local,
      Clock clock) {
    this.store = store;
    this.listeners = listeners;
    this.fanout = fanout;
    this.local = local;
    this.clock = clock;
  }

  /**
   * Stores a partition's records in order. Runs of records without an idempotency key are stored in
   * one write.
   */
  @Override
  public Progress handle(List<ConsumerRecord<String, byte[]>> batch) {
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
          return Progress.stoppedAt(next, e);
        }
        next = record.offset();
        try {
          if (one != null) {
            store(one, answers);
          }
        } catch (RuntimeException e) {
          return Progress.stoppedAt(next, e);
        }
        next = record.offset() + 1;
      }
      try {
        storeRun(run, answers);
      } catch (RuntimeException e) {
        return Progress.stoppedAt(next, e);
      }
      return Progress.finished(batch);
    } finally {
      // why: one answer per request and partition batch, not one per recipient
      answers.values().forEach(this::answer);
    }
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

  /**
   * Tells the listeners which users came to this node with the partitions: those whose id Kafka's
   * default partitioner puts in one of them (the writer keys each record by its user id).
   */
  @Override
  public void assigned(Collection<TopicPartition> partitions, int topicPartitions) {
    if (partitions.isEmpty()) {
      return;
    }
    if (topicPartitions <= 0) {
      log.warn(
          "The notification topic's partition count is unknown; unfinished work of users in"
              + " partitions {} resumes at their next assignment",
          partitions);
      return;
    }
    var mine = partitions.stream().map(TopicPartition::partition).collect(Collectors.toSet());
    listeners.usersOwned(
        userId -> mine.contains(KafkaClients.partitionOf(userId, topicPartitions)));
  }

  private void told(Notification stored) {
    listeners.tell(stored);
    fanout.publish(stored);
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
