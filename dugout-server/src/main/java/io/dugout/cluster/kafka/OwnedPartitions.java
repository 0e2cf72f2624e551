package io.dugout.cluster.kafka;

import io.dugout.message.MessageStore;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import org.apache.kafka.common.TopicPartition;

/**
 * The partitions of the sends topic that Kafka gave this node's member of the sequencing group,
 * each with the heads of its rooms and the lock its two writers take in turn: {@link
 * PartitionOwner}, which writes the records in Kafka, and {@link OwnerWrites}, which writes this
 * node's own sends to those rooms without them.
 *
 * <p>A partition is here from {@link #assigned} until {@link #revoked}, which waits (a bounded
 * time) for the write under way: once Kafka's rebalance has taken a partition from this node, no
 * direct write to its rooms starts here. For a direct write the membership must also be fresh (a
 * heartbeat sent to the group, or a join finished, within a third of the session timeout): a node
 * cut off from Kafka stops writing its rooms directly long before the group could give them to
 * another node. A writer that still collides loses on the store's unique seq, as a former owner
 * always does.
 */
final class OwnedPartitions {

  /** One partition's rooms; their heads are touched only while its lock is held. */
  static final class Partition {

    private final ReentrantLock lock = new ReentrantLock();
    private final Map<String, MessageStore.Head> heads = new HashMap<>();
    private volatile boolean owned = true;

    /** The room heads learned while this node owned the partition; under the lock only. */
    Map<String, MessageStore.Head> heads() {
      return heads;
    }

    /** Whether the partition is still this node's; checked again once the lock is held. */
    boolean owned() {
      return owned;
    }

    void lock() {
      lock.lock();
    }

    /** Takes the lock unless the thread is interrupted first (the node stopping). */
    void lockInterruptibly() throws InterruptedException {
      lock.lockInterruptibly();
    }

    void unlock() {
      lock.unlock();
    }
  }

  /** How long a revoked partition waits for the direct write under way. */
  static final Duration LEAVE_WAIT = Duration.ofSeconds(2);

  private final Map<Integer, Partition> partitions = new ConcurrentHashMap<>();
  private volatile BooleanSupplier membershipFresh = () -> false;
  private volatile int topicPartitions = -1;

  /**
   * Tells whether this node's member of the sequencing group heard from the group recently enough
   * that it still holds its partitions; set once its consumer exists, and false until then.
   */
  void heardThrough(BooleanSupplier membershipFresh) {
    this.membershipFresh = membershipFresh;
  }

  /** Partitions that came to this node, before any of their records is handled. */
  void assigned(Collection<TopicPartition> assigned, int topicPartitions) {
    if (topicPartitions > 0) {
      this.topicPartitions = topicPartitions;
    }
    assigned.forEach(p -> partitions.put(p.partition(), new Partition()));
  }

  /**
   * Partitions that left this node: no direct write to their rooms starts after this, and it
   * returns once the write under way has finished, or after {@link #LEAVE_WAIT}. why: the write may
   * wait for a MongoDB that is away (30 s of server selection), and the rebalance or the node's
   * stop waits here; a write that lands after the next owner started loses on the store's unique
   * seq, as a former owner's always did.
   */
  void revoked(Collection<TopicPartition> revoked) {
    for (var p : revoked) {
      var partition = partitions.remove(p.partition());
      if (partition != null) {
        partition.owned = false;
        try {
          if (partition.lock.tryLock(LEAVE_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
            partition.unlock();
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }

  /**
   * The partition a record of the sequencing consumer came from; one that was never assigned (not
   * expected) gets a state of its own that no direct write sees.
   */
  Partition records(int partition) {
    var known = partitions.get(partition);
    return known != null ? known : new Partition();
  }

  /** The partition of the room when this node sequences it now and may write it directly. */
  Partition directly(String roomId) {
    int count = topicPartitions;
    if (count <= 0 || partitions.isEmpty()) {
      return null;
    }
    var partition = partitions.get(KafkaClients.partitionOf(roomId, count));
    return partition != null && membershipFresh.getAsBoolean() ? partition : null;
  }

  /** How many partitions this node sequences now. */
  int size() {
    return partitions.size();
  }
}
