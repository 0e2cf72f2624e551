package io.dugout.cluster.kafka;

import io.dugout.notification.LocalDelivery;
import io.dugout.notification.NotificationFanout;
import io.dugout.notification.NotificationListener;
import io.dugout.notification.NotificationListeners;
import io.dugout.notification.NotificationStore;
import io.dugout.system.DugoutProperties;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Clock;
import java.util.List;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.TopicBuilder;

/**
 * Cluster mode ({@code dugout.mode=cluster}): notifications go through their own Kafka topic, keyed
 * by user id, to the node that owns the user's partition, which stores them in MongoDB ({@code
 * dugout.cluster.notifications.*}). Reached only after {@link KafkaClusterConfiguration} checked
 * that Kafka answers.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "dugout.mode", havingValue = "cluster")
class KafkaNotificationConfiguration {

  private static final Logger log = LoggerFactory.getLogger(KafkaNotificationConfiguration.class);

  @Bean
  KafkaNotificationWriter kafkaNotificationWriter(
      KafkaSequencer sequencer,
      KafkaProperties kafka,
      DugoutProperties properties,
      LocalDelivery delivery) {
    var cluster = properties.cluster();
    var settings = kafka.buildProducerProperties();
    settings.put(ProducerConfig.ACKS_CONFIG, "all");
    settings.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    settings.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, cluster.appendTimeout().toMillis());
    settings.put(ProducerConfig.CLIENT_ID_CONFIG, "dugout-" + sequencer.nodeId() + "-notify");
    var producer = new KafkaProducer<>(settings, new StringSerializer(), new ByteArraySerializer());
    log.info(
        "Cluster: notifications go to Kafka topic {}; storing group {}",
        cluster.notifications().topic(),
        cluster.notifications().group());
    return new KafkaNotificationWriter(
        sequencer.nodeId(),
        cluster.notifications().topic(),
        producer,
        cluster.appendTimeout(),
        delivery);
  }

  @Bean
  NotificationOwner notificationOwner(
      KafkaNotificationWriter writer,
      NotificationStore store,
      List<NotificationListener> listeners,
      NotificationFanout fanout,
      KafkaProperties kafka,
      DugoutProperties properties,
      Clock clock) {
    var notifications = properties.cluster().notifications();
    var settings = kafka.buildConsumerProperties();
    settings.put(ConsumerConfig.GROUP_ID_CONFIG, notifications.group());
    settings.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    // why: a group that starts with notifications already waiting must store them, not skip them
    settings.putIfAbsent(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    settings.putIfAbsent(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "consumer");
    settings.put(ConsumerConfig.CLIENT_ID_CONFIG, "dugout-" + writer.nodeId() + "-notify");
    var consumer =
        new KafkaConsumer<>(settings, new StringDeserializer(), new ByteArrayDeserializer());
    return new NotificationOwner(
        consumer,
        notifications.topic(),
        store,
        new NotificationListeners(listeners),
        fanout,
        writer,
        clock);
  }

  @Bean
  NotificationNode notificationNode(
      KafkaNotificationWriter writer, NotificationOwner owner, NotificationFanout fanout) {
    return new NotificationNode(writer, owner, fanout);
  }

  /** Created at startup by Boot's {@code KafkaAdmin} when missing; an existing one is kept. */
  @Bean
  @ConditionalOnProperty(
      name = "dugout.cluster.notifications.create-topic",
      havingValue = "true",
      matchIfMissing = true)
  NewTopic notificationsTopic(DugoutProperties properties) {
    var kafka = properties.cluster().kafka();
    var notifications = properties.cluster().notifications();
    return TopicBuilder.name(notifications.topic())
        .partitions(notifications.partitions())
        .replicas(kafka.replicationFactor())
        .config("min.insync.replicas", String.valueOf(kafka.minInsyncReplicas()))
        .build();
  }

  @Bean
  MeterBinder notificationClusterMeters(NotificationOwner owner) {
    return registry ->
        FunctionCounter.builder(
                "dugout.cluster.notifications.write.failures", owner, NotificationOwner::failures)
            .description("notification store writes of this node that failed and were tried again")
            .register(registry);
  }
}
