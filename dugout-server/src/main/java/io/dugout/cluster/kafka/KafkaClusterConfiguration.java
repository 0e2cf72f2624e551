package io.dugout.cluster.kafka;

import io.dugout.message.Fanout;
import io.dugout.message.MessageListener;
import io.dugout.message.MessageStore;
import io.dugout.message.RoomOwnership;
import io.dugout.system.BackendUnreachable;
import io.dugout.system.ConditionalOnSelection;
import io.dugout.system.DugoutProperties.Mode;
import io.dugout.system.Outages;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Cluster mode ({@code dugout.mode=cluster}): the Kafka sequencer replaces the local one, on the
 * client settings Spring Boot reads from {@code spring.kafka.*}. Needs the MongoDB store (the
 * arbiter every node shares) and a {@link Fanout} (Redis Pub/Sub).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnSelection(mode = Mode.CLUSTER)
class KafkaClusterConfiguration {

  /** How long a starting node tries to reach Kafka before it gives up. */
  static final Duration STARTUP_WAIT = Duration.ofSeconds(10);

  private static final Logger log = LoggerFactory.getLogger(KafkaClusterConfiguration.class);

  @Bean
  RoomFeeds roomFeeds(
      MessageStore store, List<MessageListener> listeners, Fanout fanout, Outages outages) {
    return new RoomFeeds(store, listeners, fanout, outages::alreadyLogged);
  }

  /** The partitions this node sequences now, whose rooms it writes its own sends to directly. */
  @Bean
  OwnedPartitions ownedPartitions() {
    return new OwnedPartitions();
  }

  @Bean
  KafkaSequencer kafkaSequencer(
      RoomFeeds feeds,
      OwnedPartitions owned,
      MessageStore store,
      Fanout fanout,
      KafkaProperties kafka,
      KafkaClusterProperties cluster) {
    String nodeId =
        cluster.nodeId().isBlank()
            ? "node-" + UUID.randomUUID().toString().substring(0, 8)
            : cluster.nodeId();
    requireReachable(kafka);
    var settings = kafka.buildProducerProperties();
    // why: a client id per client; the producer and the consumer of one id clash in Kafka's
    // app-info metrics ("This Gauge has been already registered")
    settings.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, "dugout-" + nodeId + "-send");
    boundDelivery(settings, cluster.appendTimeout().plus(ABANDONED_MARGIN));
    var producer = KafkaClients.producer(settings, cluster.appendTimeout());
    log.info(
        "Cluster: node {}, sends to Kafka topic {} at {}; sequencing group {}",
        nodeId,
        cluster.kafka().topic(),
        kafka.getBootstrapServers(),
        cluster.kafka().group());
    String replication = cluster.kafka().replicationWarning();
    if (replication != null) {
      log.warn(replication);
    }
    return new KafkaSequencer(
        nodeId,
        new TopicProducer(cluster.kafka().topic(), producer, cluster.appendTimeout()),
        feeds,
        new OwnerWrites(owned, store, fanout, feeds));
  }

  /**
   * why: Kafka's clients retry an unreachable broker quietly for ever, so a node with a wrong
   * address would start and answer every send with {@code unavailable}; failing the start names the
   * mistake.
   */
  private static void requireReachable(KafkaProperties kafka) {
    var settings = kafka.buildAdminProperties();
    int timeout = (int) STARTUP_WAIT.toMillis();
    settings.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, timeout);
    settings.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, timeout);
    try (var admin = Admin.create(settings)) {
      admin.describeCluster().clusterId().get(timeout, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BackendUnreachable("Kafka", String.join(",", kafka.getBootstrapServers()), e);
    } catch (ExecutionException | java.util.concurrent.TimeoutException | KafkaException e) {
      throw new BackendUnreachable("Kafka", String.join(",", kafka.getBootstrapServers()), e);
    }
  }

  /** How this node belongs to the sequencing and the notification groups. */
  @Bean
  GroupMembership groupMembership(KafkaClusterProperties cluster, Environment environment) {
    var membership = GroupMembership.of(cluster, environment);
    log.info("Cluster: in Kafka's consumer groups as {}", membership);
    return membership;
  }

  /**
   * Gives a send record up in the producer once its partition's owner would skip it anyway (unless
   * {@code spring.kafka.producer.properties} set otherwise). why: with Kafka's default of two
   * minutes, a partition whose in-flight batches met a broker restart can stay stuck in the
   * idempotent producer's retries of an out-of-order batch (KAFKA-14359) for that long, and every
   * send to its rooms times out behind it; a batch given up makes the producer bump its epoch and
   * go on. Its senders were answered {@code unavailable} long before and resend.
   */
  static void boundDelivery(Map<String, Object> settings, Duration delivery) {
    long linger =
        Long.parseLong(String.valueOf(settings.getOrDefault(ProducerConfig.LINGER_MS_CONFIG, 5)));
    settings.putIfAbsent(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) delivery.toMillis());
    long bound =
        Long.parseLong(String.valueOf(settings.get(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG)));
    // why: Kafka requires delivery.timeout.ms >= linger.ms + request.timeout.ms
    settings.putIfAbsent(
        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) Math.max(1_000, bound - linger));
  }

  /**
   * Beyond the append timeout, how much older a send record must be before its partition's owner
   * skips it as abandoned: room for nodes whose clocks are apart.
   */
  static final Duration ABANDONED_MARGIN = Duration.ofSeconds(10);

  @Bean
  ClusterNode clusterNode(
      KafkaSequencer sequencer,
      RoomFeeds feeds,
      MessageStore store,
      Fanout fanout,
      KafkaProperties kafka,
      KafkaClusterProperties cluster,
      GroupMembership membership,
      OwnedPartitions owned) {
    var settings = kafka.buildConsumerProperties();
    settings.putIfAbsent(
        ConsumerConfig.CLIENT_ID_CONFIG, "dugout-" + sequencer.nodeId() + "-sequence");
    var consumer = KafkaClients.consumer(settings, cluster.kafka().group(), membership);
    owned.heardThrough(
        KafkaClients.heardWithin(consumer, membership.sessionTimeout().dividedBy(3)));
    var owner =
        new OrderedConsumer(
            consumer,
            cluster.kafka().topic(),
            "sequencer",
            OrderedConsumer.Commits.ASYNC,
            new PartitionOwner(
                cluster.kafka().topic(),
                store,
                fanout,
                feeds,
                sequencer,
                owned,
                cluster.appendTimeout().plus(ABANDONED_MARGIN),
                Clock.systemUTC()));
    return new ClusterNode(sequencer, owner, feeds, fanout, cluster.gapCheckInterval());
  }

  /**
   * The rooms whose partitions Kafka assigns to this node's sequencing consumer now; the topic's
   * partition count comes from the producer's metadata (cached by the client).
   */
  @Bean
  RoomOwnership roomOwnership(
      ClusterNode node, KafkaSequencer sequencer, KafkaClusterProperties cluster) {
    String topic = cluster.kafka().topic();
    return roomId -> {
      var owned = node.owned();
      return !owned.isEmpty()
          && owned.contains(
              KafkaClients.partitionOf(roomId, sequencer.producer().partitionsFor(topic).size()));
    };
  }

  @Bean
  @ConditionalOnProperty(
      name = "dugout.cluster.kafka.create-topic",
      havingValue = "true",
      matchIfMissing = true)
  NewTopic sendsTopic(KafkaClusterProperties cluster) {
    var kafka = cluster.kafka();
    return KafkaClients.topic(kafka.topic(), kafka.partitions(), kafka);
  }

  /** Contributes {@code kafka} to {@code /actuator/health}, and logs and counts Kafka's outages. */
  @Bean
  KafkaHealth kafkaHealthIndicator(KafkaProperties kafka, ClusterNode node) {
    var settings = kafka.buildAdminProperties();
    int timeout = (int) KafkaHealth.TIMEOUT.toMillis();
    settings.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, timeout);
    settings.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, timeout);
    return new KafkaHealth(
        Admin.create(settings), String.join(",", kafka.getBootstrapServers()), node);
  }

  /** {@code dugout.backend.outages} and {@code dugout.backend.down} for {@code backend=kafka}. */
  @Bean
  MeterBinder kafkaOutageMeters(KafkaHealth health) {
    return health.outage().meters();
  }

  /**
   * Kafka's own metrics of the sends producer ({@code kafka_producer_*}: record errors and retries,
   * request latency); closed with the context.
   */
  @Bean
  KafkaClientMetrics sendsProducerMetrics(KafkaSequencer sequencer) {
    return new KafkaClientMetrics(sequencer.producer());
  }

  /**
   * Kafka's own metrics of the sequencing consumer ({@code kafka_consumer_*}: records lag per
   * partition, fetch latency, rebalances).
   */
  @Bean
  KafkaClientMetrics sequencingConsumerMetrics(ClusterNode node) {
    return new KafkaClientMetrics(node.consumer());
  }

  @Bean
  MeterBinder clusterMeters(RoomFeeds feeds, ClusterNode node) {
    return registry -> {
      Gauge.builder("dugout.cluster.rooms.followed", feeds, RoomFeeds::followed)
          .description("rooms this node delivers live (it receives their Redis publishes)")
          .register(registry);
      Gauge.builder("dugout.cluster.partitions", node, ClusterNode::partitions)
          .description("partitions of the sends topic this node sequences")
          .register(registry);
      FunctionCounter.builder("dugout.cluster.gaps.filled", feeds, RoomFeeds::filled)
          .description("messages delivered from the store because their Redis publish was lost")
          .register(registry);
      FunctionCounter.builder("dugout.cluster.write.failures", node, ClusterNode::failures)
          .description("store writes of the partition owner that failed and were tried again")
          .register(registry);
    };
  }
}
