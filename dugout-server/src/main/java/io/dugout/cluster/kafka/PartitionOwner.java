package io.dugout.cluster.kafka;

import io.dugout.cluster.kafka.OrderedConsumer.Progress;
import io.dugout.message.Fanout;
import io.dugout.message.Message;
import io.dugout.message.MessageStore;
import io.dugout.message.RetryKey;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;

/**
 * What this node's member of the sequencing consumer group ({@link OrderedConsumer}) does with the
 * partitions Kafka gave it: it sequences every send in partition order and stores it, then answers
 * the node that asked and publishes the message to the room's nodes.
 *
 * <p>A room's last seq is read from the store the first time the room comes up after its partition
 * was assigned, then kept in memory while the partition stays here ({@link OwnedPartitions}), where
 * this node's own sends to the partition's rooms ({@link OwnerWrites}) use it too: a batch is
 * written under the partition's lock. Offsets are committed only after the store write, so a crash
 * or a rebalance repeats records, never skips one; a repeated record finds its retry key ({@code
 * RETRY}) and stores nothing. A former owner still writing loses on the store's unique seq ({@code
 * SEQ_TAKEN}); the owner then re-reads the last seq. A record whose write fails is tried again,
 * after a pause, before anything after it in its partition. Commits are asynchronous, so the next
 * poll never waits for one (a failed commit only repeats stored records), and synchronous, bounded,
 * when partitions leave this node ({@link OrderedConsumer.Commits#ASYNC}).
 *
 * <p>Over 300 lines: writing a batch, its resends and its abandoned records share one loop over the
 * partition's records and the rooms' heads, which splitting would pass around between classes.
 */
final class PartitionOwner implements OrderedConsumer.Handler {

  private static final Logger log = LoggerFactory.getLogger(PartitionOwner.class);

  /** Attempts after a {@code SEQ_TAKEN} before the record is tried again later. */
  private static final int ATTEMPTS = 3;

  private final String topic;
  private final MessageStore store;
  private final Fanout fanout;
  private final RoomFeeds feeds;
  private final KafkaSequencer local;
  private final OwnedPartitions owned;
  private final Duration abandonedAfter;
  private final Clock clock;
  private final AtomicLong abandoned = new AtomicLong();
  private volatile long lastWarning;

  /**
   * @param abandonedAfter how old (by its Kafka timestamp, the sending node's clock) a record is
   *     when its sender has surely stopped waiting for it: the append timeout and a margin for
   *     clocks that are apart
   */
  PartitionOwner(
      String topic,
      MessageStore store,
      Fanout fanout,
      RoomFeeds feeds,
      KafkaSequencer local,
      OwnedPartitions owned,
      Duration abandonedAfter,
      Clock clock) {
    this.topic = topic;
    this.owned = owned;
    this.store = store;
    this.fanout = fanout;
    this.feeds = feeds;
    this.local = local;
    this.abandonedAfter = abandonedAfter;
    this.clock = clock;
  }

  /**
   * Sequences a partition's records in order, as few store writes as it can (one {@link
   * MessageStore#writeInOrder} for every record up to the first that is not created). After the
   * first resend a batch meets, one {@link MessageStore#retryHolders} read finds which of the
   * records after it are resends too; those are answered with their originals and not written. why:
   * clients resend every unanswered send after an outage, and a batch of them would otherwise cost
   * a failed write and a read each, falling further behind the more it is resent. Records whose
   * senders stopped waiting are skipped ({@link #abandoned}), but the changes among them are looked
   * up first, with one {@link MessageStore#retryHolders} call for the batch, which completes a
   * change whose entry is stored but whose effect a crash cut off (ADR 15): a skipped record is
   * retried by nobody but its client, who may be gone.
   */
  @Override
  public Progress handle(List<ConsumerRecord<String, byte[]>> batch) {
    var partition = owned.records(batch.getFirst().partition());
    try {
      partition.lockInterruptibly();
    } catch (InterruptedException e) {
      // why: the node stops while a direct write waits on an absent store (30 s of server
      // selection); nothing of the batch is written, so its next owner writes all of it
      Thread.currentThread().interrupt();
      return Progress.stoppedAt(
          batch.getFirst().offset(),
          new IllegalStateException("stopped waiting for a direct write to the partition"));
    }
    try {
      return handle(batch, partition.heads());
    } finally {
      partition.unlock();
    }
  }

  /** {@link #handle(List)} while holding the partition's lock. */
  private Progress handle(
      List<ConsumerRecord<String, byte[]>> batch, Map<String, MessageStore.Head> rooms) {
    var resent = new HashMap<RetryKey, Message>();
    var stale = stale(batch);
    boolean lookedUp = false;
    int done = 0;
    int attempts = 0;
    while (done < batch.size()) {
      var sends = new ArrayList<SendRecord>();
      var positions = new ArrayList<Integer>();
      var drafts = new ArrayList<Message>(); // why: null for a send known to be resent
      var next = new HashMap<String, MessageStore.Head>();
      try {
        if (!stale.changes().isEmpty()) {
          store.retryHolders(stale.changes());
          stale.changes().clear();
        }
        for (int i = done; i < batch.size(); i++) {
          if (stale.skipped().get(i)) {
            continue;
          }
          SendRecord send = readable(batch.get(i));
          if (send == null) {
            continue;
          }
          sends.add(send);
          positions.add(i);
          if (resent.containsKey(key(send))) {
            drafts.add(null);
            continue;
          }
          String roomId = send.roomId();
          var head = (next.containsKey(roomId) ? next.get(roomId) : last(rooms, roomId));
          var at = head.next(send.draft());
          next.put(roomId, at);
          drafts.add(send.draft().withSeq(roomId, at.seq(), at.ordinal()));
        }
        if (sends.isEmpty()) {
          return Progress.finished(batch);
        }
        var written = store.writeInOrder(drafts.stream().filter(Objects::nonNull).toList());
        int w = 0;
        records:
        for (int k = 0; k < sends.size(); k++) {
          var send = sends.get(k);
          if (drafts.get(k) == null) {
            answer(send, new Fanout.Answer(send.requestId(), resent.get(key(send)), false));
            done = positions.get(k) + 1;
            continue;
          }
          if (w == written.size()) {
            break; // why: the write stopped before this record; the next round starts here
          }
          var result = written.get(w++);
          switch (result.outcome()) {
            case CREATED -> {
              rooms.put(
                  send.roomId(),
                  new MessageStore.Head(result.message().seq(), result.message().ordinal()));
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
              if (!lookedUp) {
                lookedUp = true;
                var later = drafts.subList(k + 1, drafts.size()).stream();
                var keys = later.filter(Objects::nonNull).map(RetryKey::of).toList();
                store.retryHolders(keys).forEach(m -> resent.put(RetryKey.of(m), m));
              }
            }
            case SEQ_TAKEN -> {
              rooms.put(send.roomId(), store.head(send.roomId()));
              done = positions.get(k);
              if (++attempts >= ATTEMPTS) {
                throw new IllegalStateException(
                    "room "
                        + send.roomId()
                        + " kept being written by another sequencer; a former owner still"
                        + " running?");
              }
              break records; // why: nothing after it is done before it is written
            }
          }
        }
      } catch (RuntimeException e) {
        // why: the seqs this partition's rooms hold here may be stale; read them again
        rooms.clear();
        return Progress.stoppedAt(batch.get(done).offset(), e);
      }
    }
    return Progress.finished(batch);
  }

  /** The positions of a batch's abandoned records, and the retry keys of the changes among them. */
  private record Stale(BitSet skipped, List<RetryKey> changes) {}

  private Stale stale(List<ConsumerRecord<String, byte[]>> batch) {
    var stale = new Stale(new BitSet(), new ArrayList<>());
    for (int i = 0; i < batch.size(); i++) {
      if (abandoned(batch.get(i))) {
        stale.skipped().set(i);
        SendRecord send = readable(batch.get(i));
        if (send != null && send.draft().isChangeEntry()) {
          stale.changes().add(key(send));
        }
      }
    }
    return stale;
  }

  /**
   * Whether the record's sender stopped waiting for it long ago: it was answered {@code
   * unavailable} ("it may still be stored: resend it"), so storing it is not owed, and a resend
   * comes as a record of its own. why: an owner that fell behind (the store slow, a broker back
   * after an outage) would otherwise spend itself on records nobody waits for while their resends
   * wait behind them, and never catch up; skipping them, it does, and no acknowledged send is
   * touched.
   */
  private boolean abandoned(ConsumerRecord<String, byte[]> record) {
    long age = clock.millis() - record.timestamp();
    if (record.timestamp() <= 0 || age <= abandonedAfter.toMillis()) {
      return false;
    }
    long count = abandoned.incrementAndGet();
    long now = clock.millis();
    if (now - lastWarning > 30_000) {
      lastWarning = now;
      log.warn(
          "Skipping sends of partition {} that waited {} s in Kafka, longer than their senders"
              + " wait ({} skipped so far; their senders resend them): this owner fell behind, or"
              + " the nodes' clocks are apart",
          record.partition(),
          age / 1000,
          count);
    }
    return true;
  }

  /** How many records this owner skipped because their senders had stopped waiting. */
  long abandoned() {
    return abandoned.get();
  }

  private static RetryKey key(SendRecord send) {
    return new RetryKey(send.roomId(), send.draft().senderId(), send.draft().clientMsgId());
  }

  private MessageStore.Head last(Map<String, MessageStore.Head> rooms, String roomId) {
    return rooms.computeIfAbsent(roomId, store::head);
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
  public void assigned(Collection<TopicPartition> partitions, int topicPartitions) {
    // why: another node may have sequenced these rooms meanwhile; learn their last seqs afresh
    owned.assigned(partitions, topicPartitions);
    if (!partitions.isEmpty()) {
      log.info("Sequencing partitions {} of {}", numbers(partitions), topic);
    }
  }

  @Override
  public void revoked(Collection<TopicPartition> partitions) {
    owned.revoked(partitions);
    if (!partitions.isEmpty()) {
      log.info("No longer sequencing partitions {} of {}", numbers(partitions), topic);
    }
  }

  private static List<Integer> numbers(Collection<TopicPartition> partitions) {
    return partitions.stream().map(TopicPartition::partition).sorted().toList();
  }
}
