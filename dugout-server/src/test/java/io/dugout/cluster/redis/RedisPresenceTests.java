package io.dugout.cluster.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.cluster.kafka.TestCluster;
import io.dugout.notification.Presence;
import io.dugout.notification.PresenceContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * {@link PresenceContract} on a cluster node: this node's sessions and what it shares in a real
 * redis-server.
 */
class RedisPresenceTests extends PresenceContract {

  private static final TestCluster cluster = new TestCluster();
  private static TestCluster.Node node;

  @BeforeAll
  static void startNode() {
    node = cluster.start();
    assertThat(node.context().getBean(Presence.class)).isInstanceOf(RedisPresence.class);
  }

  @AfterAll
  static void stopNode() {
    cluster.close();
  }

  @Override
  protected Presence presence() {
    return node.context().getBean(Presence.class);
  }

  @Override
  protected int port() {
    return node.port();
  }
}
