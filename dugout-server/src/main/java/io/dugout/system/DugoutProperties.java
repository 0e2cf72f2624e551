package io.dugout.system;

import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.core.env.Environment;

/**
 * Dugout's own cross-cutting settings ({@code dugout.*}): where data lives, what clients may send,
 * and which adapter each port uses. The selections are read only through this record: beans get it
 * injected, and what runs before beans exist ({@link ConditionalOnSelection}, {@link
 * SelectedAutoConfigurations}) binds it with {@link #of}; which backends follow from them is {@link
 * #uses}. An adapter's own settings are a record in its package ({@code
 * store.rocksdb.RocksDbProperties}, {@code store.mongo.MongoStoreProperties}, {@code
 * cluster.redis.RedisCacheProperties} and {@code RedisPresenceProperties}, {@code
 * cluster.kafka.KafkaClusterProperties}).
 *
 * @param dataDir where the embedded store keeps its files, and the try-it-out signing secret
 * @param limits size limits on what clients send
 * @param store which storage adapter to use
 * @param cache which recent-history cache to use
 * @param mode one node on its own ({@code embedded}) or one of several nodes ({@code cluster})
 */
@ConfigurationProperties("dugout")
public record DugoutProperties(
    @DefaultValue("./data") Path dataDir,
    @DefaultValue Limits limits,
    @DefaultValue Store store,
    @DefaultValue Cache cache,
    @DefaultValue("embedded") Mode mode) {

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

  /**
   * The settings as Spring Boot binds them from {@code environment} (relaxed names, profiles,
   * defaults and the check above included), for what decides before any bean exists.
   *
   * @throws org.springframework.boot.context.properties.bind.BindException for a value that does
   *     not bind, such as an unknown {@code dugout.store.type}, naming the property
   */
  public static DugoutProperties of(Environment environment) {
    return Binder.get(environment).bindOrCreate("dugout", DugoutProperties.class);
  }

  /** Whether this node talks to {@code backend}: the one rule Boot's auto-configuration follows. */
  public boolean uses(Backend backend) {
    return switch (backend) {
      case MONGODB -> store.type() == StoreType.MONGODB;
      case REDIS -> cache.type() == CacheType.REDIS || mode == Mode.CLUSTER;
      case KAFKA -> mode == Mode.CLUSTER;
    };
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
   * @param maxContentBytes the most UTF-8 bytes a message's content may have
   * @param maxAttachments the most attachments one message may carry
   * @param maxRequestBytes the largest REST request body accepted
   */
  public record Limits(
      @DefaultValue("4096") int maxContentBytes,
      @DefaultValue("10") int maxAttachments,
      @DefaultValue("65536") long maxRequestBytes) {}

  /**
   * @param type the storage adapter; an unknown value stops startup. The RocksDB store's own
   *     settings, also under {@code dugout.store}, are {@code store.rocksdb.RocksDbProperties}
   */
  public record Store(@DefaultValue("rocksdb") StoreType type) {}

  /** The storage adapters Dugout has. */
  public enum StoreType {
    /** Embedded, single node: RocksDB on local disk. */
    ROCKSDB,
    /** Cluster: MongoDB through {@code spring.mongodb.uri}. */
    MONGODB
  }

  /**
   * @param type the recent-history cache; an unknown value stops startup
   */
  public record Cache(@DefaultValue("none") CacheType type) {}

  /** The recent-history caches Dugout has. */
  public enum CacheType {
    /** No cache: every history read goes to the store. */
    NONE,
    /** Redis, through {@code spring.data.redis.url}: a sorted set of recent messages per room. */
    REDIS
  }
}
