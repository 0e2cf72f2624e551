package io.dugout.cluster.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Utils;
import org.springframework.kafka.config.TopicBuilder;

/**
 * The Kafka clients and topics of a cluster node, on the settings Spring Boot reads from {@code
 * spring.kafka.*} plus what every cluster topic needs: records keyed by a string (a room or user
 * id), values as bytes.
 */
final class KafkaClients {

  private KafkaClients() {}

  /**
   * An idempotent producer with {@code acks=all}, on Boot's producer settings (which the caller
   * gave its client id); it blocks for metadata at most {@code maxBlock}.
   */
  static KafkaProducer<String, byte[]> producer(Map<String, Object> settings, Duration maxBlock) {
    settings.put(ProducerConfig.ACKS_CONFIG, "all");
    settings.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    // why: a request must not wait for Kafka's metadata longer than for its answer
    settings.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, maxBlock.toMillis());
    return new KafkaProducer<>(settings, new StringSerializer(), new ByteArraySerializer());
  }

  /**
   * A member of {@code group} that commits its offsets itself, on Boot's consumer settings (which
   * the caller gave its client id), in the classic group protocol with cooperative rebalancing and
   * the node's {@link GroupMembership}.
   *
   * @throws IllegalArgumentException when the settings ask for another group protocol
   */
  static KafkaConsumer<String, byte[]> consumer(
      Map<String, Object> settings, String group, GroupMembership membership) {
    settings.put(ConsumerConfig.GROUP_ID_CONFIG, group);
    settings.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    // why: a group that starts with records already waiting must write them, not skip them
    settings.putIfAbsent(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    // why: ADR 0013. The consumer protocol of KIP-848 keeps a killed node's partitions for the
    // brokers' group.consumer.session.timeout.ms (45 s at least unless every broker is
    // reconfigured), refuses a restarted static member until then, and Kafka 4.2's client for it
    // spins while the broker is away. The classic protocol's session is the client's, and
    // cooperative rebalancing still moves only the partitions that change owner.
    Object protocol = settings.getOrDefault(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "classic");
    if (!"classic".equalsIgnoreCase(protocol.toString())) {
      throw new IllegalArgumentException(
          "Dugout's consumers use Kafka's classic group protocol (group.protocol="
              + protocol
              + " was set): see docs/adr/0013-classic-group-protocol.md");
    }
    settings.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "classic");
    settings.put(
        ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG,
        CooperativeStickyAssignor.class.getName());
    int session = (int) membership.sessionTimeout().toMillis();
    settings.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, session);
    // why: a surviving member hears of a rebalance in its next heartbeat's answer; a tenth of the
    // session keeps that wait short against the session itself
    settings.putIfAbsent(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, Math.max(100, session / 10));
    if (membership.instanceId() != null) {
      settings.put(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, membership.instanceId());
    }
    return new KafkaConsumer<>(settings, new StringDeserializer(), new ByteArrayDeserializer());
  }

  /**
   * A topic with the replication of {@code dugout.cluster.kafka.*}; created at startup by Boot's
   * {@code KafkaAdmin} when missing, an existing one is kept.
   */
  static NewTopic topic(String name, int partitions, KafkaClusterProperties.Sends kafka) {
    return TopicBuilder.name(name)
        .partitions(partitions)
        .replicas(kafka.replicationFactor())
        .config("min.insync.replicas", String.valueOf(kafka.minInsyncReplicas()))
        .build();
  }

  /**
   * Whether the consumer heard from its group's coordinator less than {@code bound} ago (at least a
   * second): it sent a heartbeat, or finished joining the group, since then (Kafka's {@code
   * last-heartbeat-seconds-ago} and {@code last-rebalance-seconds-ago}, in whole seconds). A member
   * that cannot reach the coordinator sends no heartbeat, so this turns false within {@code bound}
   * of losing it, while the group keeps the member's partitions for the whole session timeout.
   */
  static BooleanSupplier heardWithin(Consumer<?, ?> consumer, Duration bound) {
    long seconds = Math.max(1, bound.toSeconds());
    var metrics = new AtomicReference<List<Metric>>();
    return () -> {
      var found = metrics.get();
      if (found == null) {
        found = coordinatorContacts(consumer);
        if (found.isEmpty()) {
          return false;
        }
        metrics.set(found);
      }
      for (var metric : found) {
        if (metric.metricValue() instanceof Number ago
            && ago.doubleValue() >= 0
            && ago.doubleValue() < seconds) {
          return true;
        }
      }
      return false;
    };
  }

  private static List<Metric> coordinatorContacts(Consumer<?, ?> consumer) {
    var names = Set.of("last-heartbeat-seconds-ago", "last-rebalance-seconds-ago");
    var found = new ArrayList<Metric>();
    for (var entry : consumer.metrics().entrySet()) {
      if (names.contains(entry.getKey().name())
          && entry.getKey().group().equals("consumer-coordinator-metrics")) {
        found.add(entry.getValue());
      }
    }
    return found.size() == names.size() ? List.copyOf(found) : List.of();
  }

  /** The partition Kafka's default partitioner gives a record keyed by {@code key}. */
  static int partitionOf(String key, int topicPartitions) {
    return Utils.toPositive(Utils.murmur2(key.getBytes(StandardCharsets.UTF_8))) % topicPartitions;
  }
}
