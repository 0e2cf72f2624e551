package io.dugout.cluster.kafka;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How a cluster node sequences sends and stores notifications on Kafka ({@code dugout.cluster.*}
 * but {@code presence}, which is Redis'); the connection itself is Spring Boot's {@code
 * spring.kafka.*}. Named apart from Boot's {@code KafkaProperties}, which the configurations read
 * too.
 *
 * @param nodeId this node's name in the cluster, unique per running process; empty means a random
 *     one at every start (answers are addressed to it, so it must not be shared)
 * @param appendTimeout how long a send waits for its room's partition owner to store it before the
 *     sender gets an {@code unavailable} error (the message may still be stored later: a resend
 *     with the same clientMsgId returns it)
 * @param gapCheckInterval how often a node compares each room it delivers live with the store, to
 *     find a message whose Redis publish was lost and nothing came after
 * @param kafka the topic and consumer group that sequence rooms
 * @param notifications the topic and consumer group that store notifications
 */
@ConfigurationProperties("dugout.cluster")
record KafkaClusterProperties(
    @DefaultValue("") String nodeId,
    @DefaultValue("5s") Duration appendTimeout,
    @DefaultValue("2s") Duration gapCheckInterval,
    @DefaultValue Sends kafka,
    @DefaultValue Notifications notifications) {

  /**
   * {@code dugout.cluster.kafka.*}.
   *
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
   * @param singleBroker that a cluster of one broker, with one copy of each partition, is meant (a
   *     local cluster, a test): the node then does not warn about it
   */
  record Sends(
      @DefaultValue("dugout.sends") String topic,
      @DefaultValue("dugout-sequencers") String group,
      @DefaultValue("true") boolean createTopic,
      @DefaultValue("12") int partitions,
      @DefaultValue("1") short replicationFactor,
      @DefaultValue("1") int minInsyncReplicas,
      @DefaultValue("10s") Duration sessionTimeout,
      @DefaultValue("") String instanceId,
      @DefaultValue("false") boolean singleBroker) {

    /**
     * What is wrong with the replication topics are created with, for a node that must not lose a
     * send Kafka acknowledged when one broker is lost; null when nothing is, or when a single
     * broker is meant.
     */
    String replicationWarning() {
      if (singleBroker || (replicationFactor >= 3 && minInsyncReplicas >= 2)) {
        return null;
      }
      return "Kafka topics are created with replication factor "
          + replicationFactor
          + " and min.insync.replicas "
          + minInsyncReplicas
          + ": losing one broker can lose sends Kafka acknowledged. In production set"
          + " dugout.cluster.kafka.replication-factor=3 and"
          + " dugout.cluster.kafka.min-insync-replicas=2 (docs/deploy.md, production checklist);"
          + " dugout.cluster.kafka.single-broker=true says one broker is meant";
    }
  }

  /**
   * {@code dugout.cluster.notifications.*}.
   *
   * @param topic the topic every notification goes to, keyed by user id, before it is stored
   * @param group the consumer group whose members own the topic's partitions and store their
   *     notifications
   * @param createTopic whether a node creates the topic at startup when it is missing
   * @param partitions the topic's partitions when it is created: the most nodes that store
   *     notifications in parallel (replication settings are those of {@code dugout.cluster.kafka})
   */
  record Notifications(
      @DefaultValue("dugout.notifications") String topic,
      @DefaultValue("dugout-notifiers") String group,
      @DefaultValue("true") boolean createTopic,
      @DefaultValue("12") int partitions) {}
}
