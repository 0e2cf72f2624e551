package io.dugout.cluster.kafka;

import io.dugout.notification.LocalDelivery;
import io.dugout.notification.NotificationFanout;
import io.dugout.notification.NotificationListener;
import io.dugout.notification.NotificationListeners;
import io.dugout.notification.NotificationStore;
import io.dugout.system.ConditionalOnSelection;
import io.dugout.system.DugoutProperties.Mode;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Clock;
import java.util.List;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Cluster mode ({@code dugout.mode=cluster}): notifications go through their own Kafka topic, keyed
 * by user id, to the node that owns the user's partition, which stores them in MongoDB ({@code
 * dugout.cluster.notifications.*}). Reached only after {@link KafkaClusterConfiguration} checked
 * that Kafka answers.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnSelection(mode = Mode.CLUSTER)
class KafkaNotificationConfiguration {

  private static final Logger log = LoggerFactory.getLogger(KafkaNotificationConfiguration.class);

  @Bean
  KafkaNotificationWriter kafkaNotificationWriter(
      KafkaSequencer sequencer,
      KafkaProperties kafka,
      KafkaClusterProperties cluster,
      LocalDelivery delivery) {
    var settings = kafka.buildProducerProperties();
    settings.put(ProducerConfig.CLIENT_ID_CONFIG, "dugout-" + sequencer.nodeId() + "-notify-send");
    var producer = KafkaClients.producer(settings, cluster.appendTimeout());
    log.info(
        "Cluster: notifications go to Kafka topic {}; storing group {}",
        cluster.notifications().topic(),
        cluster.notifications().group());
    return new KafkaNotificationWriter(
        sequencer.nodeId(),
        new TopicProducer(cluster.notifications().topic(), producer, cluster.appendTimeout()),
        delivery);
  }

  @Bean
  NotificationNode notificationNode(
      KafkaNotificationWriter writer,
      NotificationStore store,
      List<NotificationListener> listeners,
      NotificationFanout fanout,
      KafkaProperties kafka,
      KafkaClusterProperties cluster,
      GroupMembership membership,
      Clock clock) {
    var notifications = cluster.notifications();
    var settings = kafka.buildConsumerProperties();
    settings.put(ConsumerConfig.CLIENT_ID_CONFIG, "dugout-" + writer.nodeId() + "-notify");
    var owner =
        new OrderedConsumer(
            KafkaClients.consumer(settings, notifications.group(), membership),
            notifications.topic(),
            "notifier",
            OrderedConsumer.Commits.SYNC,
            new NotificationOwner(
                store, new NotificationListeners(listeners), fanout, writer, clock));
    return new NotificationNode(writer, owner, fanout);
  }

  @Bean
  @ConditionalOnProperty(
      name = "dugout.cluster.notifications.create-topic",
      havingValue = "true",
      matchIfMissing = true)
  NewTopic notificationsTopic(KafkaClusterProperties cluster) {
    var notifications = cluster.notifications();
    return KafkaClients.topic(notifications.topic(), notifications.partitions(), cluster.kafka());
  }

  @Bean
  MeterBinder notificationClusterMeters(NotificationNode node) {
    return registry ->
        FunctionCounter.builder(
                "dugout.cluster.notifications.write.failures", node, NotificationNode::failures)
            .description("notification store writes of this node that failed and were tried again")
            .register(registry);
  }
}
