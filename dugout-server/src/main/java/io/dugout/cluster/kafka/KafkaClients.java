package io.dugout.cluster.kafka;

import io.dugout.system.DugoutProperties;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
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
   * the caller gave its client id).
   */
  static KafkaConsumer<String, byte[]> consumer(Map<String, Object> settings, String group) {
    settings.put(ConsumerConfig.GROUP_ID_CONFIG, group);
    settings.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    // why: a group that starts with records already waiting must write them, not skip them
    settings.putIfAbsent(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    // why: the consumer protocol of KIP-848 moves only the partitions that change owner, while the
    // others keep going; the classic one stops the whole group at every join and leave
    settings.putIfAbsent(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "consumer");
    return new KafkaConsumer<>(settings, new StringDeserializer(), new ByteArrayDeserializer());
  }

  /**
   * A topic with the replication of {@code dugout.cluster.kafka.*}; created at startup by Boot's
   * {@code KafkaAdmin} when missing, an existing one is kept.
   */
  static NewTopic topic(String name, int partitions, DugoutProperties.Kafka kafka) {
    return TopicBuilder.name(name)
        .partitions(partitions)
        .replicas(kafka.replicationFactor())
        .config("min.insync.replicas", String.valueOf(kafka.minInsyncReplicas()))
        .build();
  }
}
