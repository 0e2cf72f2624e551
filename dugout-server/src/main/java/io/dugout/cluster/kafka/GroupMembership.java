package io.dugout.cluster.kafka;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.regex.Pattern;
import org.springframework.core.env.Environment;

/**
 * How this node belongs to its consumer groups: how long Kafka waits for it before moving its
 * partitions, and the stable name ({@code group.instance.id}) under which a restarted node takes
 * its own partitions back at once.
 *
 * @param sessionTimeout how long a node that stopped answering keeps its partitions
 * @param instanceId the node's name in the groups, the same across its restarts; null when there is
 *     none, and the node joins as a new member at every start
 */
record GroupMembership(Duration sessionTimeout, String instanceId) {

  /** Kafka's rule for a {@code group.instance.id}, as for a topic name. */
  private static final Pattern LEGAL = Pattern.compile("[a-zA-Z0-9._-]{1,249}");

  /**
   * From {@code dugout.cluster.kafka.*}: the configured instance id, else the node id when set,
   * else host name and port. why: Kafka fences a member whose name another one takes, so the
   * default must differ between nodes on one host (their ports do) and stay the same across one
   * node's restarts (a pod's name and port do); a random port (0) gives no such name.
   *
   * @throws IllegalArgumentException for a configured instance id Kafka would refuse
   */
  static GroupMembership of(KafkaClusterProperties cluster, Environment environment) {
    var kafka = cluster.kafka();
    String configured = kafka.instanceId();
    if (!configured.isBlank()) {
      if (!LEGAL.matcher(configured).matches()
          || configured.equals(".")
          || configured.equals("..")) {
        throw new IllegalArgumentException(
            "dugout.cluster.kafka.instance-id must be 1 to 249 of a-z, A-Z, 0-9, '.', '_' and '-'"
                + " (Kafka's rule for group.instance.id), not '"
                + configured
                + "'");
      }
      return new GroupMembership(kafka.sessionTimeout(), configured);
    }
    if (!cluster.nodeId().isBlank()) {
      return new GroupMembership(kafka.sessionTimeout(), legal(cluster.nodeId()));
    }
    int port = environment.getProperty("server.port", Integer.class, 8080);
    String host = hostName();
    String instanceId = port == 0 || host == null ? null : legal(host + "-" + port);
    return new GroupMembership(kafka.sessionTimeout(), instanceId);
  }

  /** The name with what Kafka refuses in it replaced, at most 249 characters. */
  private static String legal(String name) {
    String legal = name.replaceAll("[^a-zA-Z0-9._-]", "_");
    return legal.length() > 249 ? legal.substring(legal.length() - 249) : legal;
  }

  private static String hostName() {
    String pod = System.getenv("HOSTNAME");
    if (pod != null && !pod.isBlank()) {
      return pod;
    }
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return null;
    }
  }

  @Override
  public String toString() {
    return (instanceId == null ? "a new member at every start" : "member " + instanceId)
        + ", session timeout "
        + sessionTimeout.toMillis()
        + " ms";
  }
}
