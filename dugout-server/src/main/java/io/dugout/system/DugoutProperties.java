package io.dugout.system;

import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Dugout's own settings ({@code dugout.*}).
 *
 * @param dataDir where the embedded store keeps its files
 * @param limits size limits on what clients send
 * @param store which storage adapter to use and how
 * @param cache which recent-history cache to use and how
 * @param mode one node on its own ({@code embedded}) or one of several nodes ({@code cluster})
 * @param cluster how a cluster node sequences and fans out (read only in cluster mode)
 */
@ConfigurationProperties("dugout")
public record DugoutProperties(
    @DefaultValue("./data") Path dataDir,
    @DefaultValue Limits limits,
    @DefaultValue Store store,
    @DefaultValue Cache cache,
    @DefaultValue("embedded") Mode mode,
    @DefaultValue Cluster cluster) {

  public DugoutProperties {
    if (mode == Mode.CLUSTER && store.type() != StoreType.MONGODB) {
      // why: checked while binding, before any Kafka or Redis client is built for nothing
      throw new IllegalArgumentException(
          "dugout.mode=cluster needs dugout.store.type=mongodb: every node must share one store,"
              + " and "
              + store.type().name().toLowerCase(java.util.Locale.ROOT)
              + " is local to one node");
    }
  }

  /** How many nodes serve the rooms. */
  public enum Mode {
    /** One node: it sequences every room itself (the room's lane). */
    EMBEDDED,
    /**
     * Several stateless nodes: Kafka orders each room, MongoDB stores, Redis Pub/Sub carries live
     * messages between nodes. Needs {@code dugout.store.type=mongodb}.
     */
    CLUSTER
  }

  /**
   * @param nodeId this node's name in the cluster, unique per running process; empty means a random
   *     one at every start (answers are addressed to it, so it must not be shared)
   * @param appendTimeout how long a send waits for its room's partition owner to store it before
   *     the sender gets an {@code unavailable} error (the message may still be stored later: a
   *     resend with the same clientMsgId returns it)
   * @param gapCheckInterval how often a node compares each room it delivers live with the store, to
   *     find a message whose Redis publish was lost and nothing came after
   * @param kafka the topic and consumer group that sequence rooms (the connection itself is Spring
   *     Boot's {@code spring.kafka.*})
   * @param notifications the topic and consumer group that store notifications
   * @param presence how nodes share who is connected to them
   */
  public record Cluster(
      @DefaultValue("") String nodeId,
      @DefaultValue("5s") Duration appendTimeout,
      @DefaultValue("2s") Duration gapCheckInterval,
      @DefaultValue Kafka kafka,
      @DefaultValue NotificationTopic notifications,
      @DefaultValue PresenceSharing presence) {}

  /**
   * @param topic the topic every notification goes to, keyed by user id, before it is stored
   * @param group the consumer group whose members own the topic's partitions and store their
   *     notifications
   * @param createTopic whether a node creates the topic at startup when it is missing
   * @param partitions the topic's partitions when it is created: the most nodes that store
   *     notifications in parallel (replication settings are those of {@code dugout.cluster.kafka})
   */
  public record NotificationTopic(
      @DefaultValue("dugout.notifications") String topic,
      @DefaultValue("dugout-notifiers") String group,
      @DefaultValue("true") boolean createTopic,
      @DefaultValue("12") int partitions) {}

  /**
   * @param interval how often a node shares changes of its sessions (who is connected, who views
   *     which room) in Redis; another node sees a change at most this much later
   * @param ttl how long what a node shared counts without being shared again (every third of it): a
   *     node that died counts as connected for at most this long
   */
  public record PresenceSharing(
      @DefaultValue("250ms") Duration interval, @DefaultValue("30s") Duration ttl) {}

  /**
   * @param topic the topic every send goes to, keyed by room id
   * @param group the consumer group whose members own the topic's partitions and sequence their
   *     rooms
   * @param createTopic whether a node creates the topic at startup when it is missing
   * @param partitions the topic's partitions when it is created: the most nodes that sequence in
   *     parallel (adding partitions later moves rooms between partitions)
   * @param replicationFactor copies of each partition when the topic is created (3 in production)
   * @param minInsyncReplicas copies that must have a send before it counts as accepted ({@code
   *     acks=all}); 2 with a replication factor of 3
   * @param sessionTimeout how long Kafka waits to hear from a node's consumer before it gives the
   *     node's partitions (its rooms, its users' notifications) to the other nodes: a killed node's
   *     rooms take no sends for about this long. Within the brokers' {@code
   *     group.min.session.timeout.ms} (6 s by default) and {@code group.max.session.timeout.ms}
   * @param instanceId this node's stable name in both consumer groups ({@code group.instance.id}):
   *     a node that restarts under the same name within {@code sessionTimeout} takes its partitions
   *     back at once. Empty means {@code dugout.cluster.node-id} when set, else the host name
   *     ({@code HOSTNAME}, a pod's name on Kubernetes) and {@code server.port}; with neither (port
   *     0) the node joins as a new member at every start. Must differ between running nodes
   */
  public record Kafka(
      @DefaultValue("dugout.sends") String topic,
      @DefaultValue("dugout-sequencers") String group,
      @DefaultValue("true") boolean createTopic,
      @DefaultValue("12") int partitions,
      @DefaultValue("1") short replicationFactor,
      @DefaultValue("1") int minInsyncReplicas,
      @DefaultValue("10s") Duration sessionTimeout,
      @DefaultValue("") String instanceId) {}

  /**
   * @param maxContentBytes the most UTF-8 bytes a message's content may have
   * @param maxAttachments the most attachments one message may carry
   * @param maxRequestBytes the largest REST request body accepted
   */
  public record Limits(
      @DefaultValue("4096") int maxContentBytes,
      @DefaultValue("10") int maxAttachments,
      @DefaultValue("65536") long maxRequestBytes) {}

  /**
   * @param type the storage adapter; an unknown value stops startup
   * @param fsync whether every write waits for the disk (survives power loss, not only a process
   *     kill), at a large cost in write throughput (RocksDB)
   * @param syncWriters with {@code fsync}, how many platform threads write for the virtual threads,
   *     so that a sync does not hold a carrier; writes in flight together share one sync
   * @param cachedMembers how many decoded memberships the RocksDB store keeps in memory for the
   *     membership check and read marker of every send (0: none)
   * @param backgroundPriority the CPU priority of RocksDB's flushes and compactions
   * @param mongodb how the MongoDB adapter reads and writes (the connection itself is Spring Boot's
   *     {@code spring.mongodb.*})
   */
  public record Store(
      @DefaultValue("rocksdb") StoreType type,
      @DefaultValue("false") boolean fsync,
      @DefaultValue("64") int syncWriters,
      @DefaultValue("100000") int cachedMembers,
      @DefaultValue("low") BackgroundPriority backgroundPriority,
      @DefaultValue Mongodb mongodb) {}

  /**
   * @param writeConcern {@code majority} (the default: a write returns once a majority of the
   *     replica set has it in its journal, so a failover never loses it) or a number of members
   * @param readConcern {@code majority} (the default: reads see only writes that cannot be rolled
   *     back) or another MongoDB read concern level such as {@code local}
   */
  public record Mongodb(
      @DefaultValue("majority") String writeConcern,
      @DefaultValue("majority") String readConcern) {}

  /** The CPU priority of the RocksDB store's background work, its flushes and compactions. */
  public enum BackgroundPriority {
    /**
     * Linux's {@code SCHED_IDLE}: it runs when no other thread wants a core, and yields the core at
     * once to one that wakes; {@link #LOW} where that policy cannot be set.
     */
    IDLE,
    /** The lowest nice value (19): it runs on what the server's own threads leave of the cores. */
    LOW,
    /** The server's own, as RocksDB starts it. */
    NORMAL
  }

  /** The storage adapters Dugout has. */
  public enum StoreType {
    /** Embedded, single node: RocksDB on local disk. */
    ROCKSDB,
    /** Cluster: MongoDB through {@code spring.mongodb.uri}. */
    MONGODB
  }

  /**
   * @param type the recent-history cache; an unknown value stops startup
   * @param redis how the Redis cache keeps rooms (the connection itself is Spring Boot's {@code
   *     spring.data.redis.*})
   */
  public record Cache(@DefaultValue("none") CacheType type, @DefaultValue Redis redis) {}

  /**
   * @param messagesPerRoom the newest messages kept per room; a history page is served from Redis
   *     only when it lies wholly inside them
   * @param ttl how long a room's cached messages live after its last write
   */
  public record Redis(@DefaultValue("200") int messagesPerRoom, @DefaultValue("1d") Duration ttl) {}

  /** The recent-history caches Dugout has. */
  public enum CacheType {
    /** No cache: every history read goes to the store. */
    NONE,
    /** Redis, through {@code spring.data.redis.url}: a sorted set of recent messages per room. */
    REDIS
  }
}
