package io.dugout.cluster.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.notification.Notification;
import io.dugout.notification.NotificationFanout;
import io.dugout.room.RoomCounts;
import io.dugout.system.BackendOutage;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;

/**
 * Two nodes' notification fanouts on a real redis-server: a user's room counts are published only
 * while another node follows the user, and then reach it; Redis' own count of publishes says which
 * were made.
 */
class RedisRoomCountsFanoutTests {

  @TempDir static Path dir;

  /** A server of its own: the tests count its publishes, which no other test may add to. */
  private static RedisProcess redis;

  private final LettuceConnectionFactory connection = redis.connect(Duration.ofSeconds(2));
  private final List<RedisMessageListenerContainer> containers = new ArrayList<>();

  @BeforeAll
  static void startRedis() {
    redis = RedisProcess.start(dir);
  }

  @AfterAll
  static void stopRedis() {
    redis.close();
  }

  @AfterEach
  void close() throws Exception {
    for (var container : containers) {
      container.destroy();
    }
    connection.destroy();
  }

  @Test
  void countsOfUsersFollowedOnlyHereOrNowhereAreNotPublished() {
    var nodeA = fanout("node-a", new LinkedBlockingQueue<>());
    nodeA.follow("here-only");

    long before = publishes();
    nodeA.publishCounts(List.of(counts("here-only", 1), counts("offline", 2)));

    assertThat(publishes() - before).isZero();
    assertThat(nodeA.failures()).isZero();
  }

  @Test
  void countsOfAUserFollowedOnAnotherNodeReachItAndOnlyTheirsArePublished() throws Exception {
    var heardOnB = new LinkedBlockingQueue<RoomCounts>();
    var nodeA = fanout("node-a", new LinkedBlockingQueue<>());
    var nodeB = fanout("node-b", heardOnB);
    nodeA.follow("on-both");
    nodeB.follow("on-both");
    nodeB.follow("on-b");
    nodeA.follow("on-a");

    long before = publishes();
    nodeA.publishCounts(
        List.of(counts("on-a", 1), counts("on-both", 2), counts("on-b", 3), counts("on-b", 4)));

    var heard = new ArrayList<RoomCounts>();
    for (int i = 0; i < 3; i++) {
      heard.add(heardOnB.poll(5, TimeUnit.SECONDS));
    }
    assertThat(heard)
        .containsExactlyInAnyOrder(counts("on-both", 2), counts("on-b", 3), counts("on-b", 4));
    assertThat(heardOnB.poll(300, TimeUnit.MILLISECONDS)).isNull();
    assertThat(publishes() - before).as("one publish per user followed elsewhere").isEqualTo(2);
  }

  @Test
  void aUserWhoLeftTheOtherNodeIsNoLongerPublishedTo() throws Exception {
    var heardOnB = new LinkedBlockingQueue<RoomCounts>();
    var nodeA = fanout("node-a", new LinkedBlockingQueue<>());
    var nodeB = fanout("node-b", heardOnB);
    nodeA.follow("moving");
    nodeB.follow("moving");
    nodeA.publishCounts(List.of(counts("moving", 1)));
    assertThat(heardOnB.poll(5, TimeUnit.SECONDS)).isEqualTo(counts("moving", 1));

    nodeB.unfollow("moving");
    long before = publishes();
    nodeA.publishCounts(List.of(counts("moving", 2)));

    assertThat(publishes() - before).isZero();
    assertThat(heardOnB.poll(300, TimeUnit.MILLISECONDS)).isNull();
  }

  private RedisNotificationFanout fanout(String nodeId, LinkedBlockingQueue<RoomCounts> heard) {
    var container = new RedisMessageListenerContainer();
    container.setConnectionFactory(connection);
    container.setTaskExecutor(Runnable::run);
    container.afterPropertiesSet();
    container.start();
    containers.add(container);
    var outage =
        new BackendOutage("redis", "Redis", "a test", Duration.ofSeconds(1), Duration.ofSeconds(1));
    var fanout =
        new RedisNotificationFanout(
            new RedisChannels(RedisProcess.template(connection), container, outage));
    fanout.start(nodeId, new Ignored());
    fanout.receiveCounts(heard::add);
    return fanout;
  }

  /** How many PUBLISH commands the redis-server has run since it started. */
  private long publishes() {
    Properties stats =
        RedisProcess.template(connection)
            .execute(c -> c.serverCommands().info("commandstats"), true);
    String line = stats.getProperty("cmdstat_publish");
    if (line == null) {
      return 0;
    }
    return Long.parseLong(line.substring(line.indexOf("calls=") + 6, line.indexOf(',')));
  }

  private static RoomCounts counts(String userId, long seq) {
    return new RoomCounts(userId, "counted-room", seq, seq, 0);
  }

  private static final class Ignored implements NotificationFanout.Receiver {
    @Override
    public void answered(NotificationFanout.Answer answer) {}

    @Override
    public void published(Notification notification) {}
  }
}
