package io.dugout.cluster.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.message.Fanout;
import io.dugout.message.Message;
import io.dugout.message.MessageKind;
import io.dugout.system.BackendOutage;
import io.dugout.system.RecordCreators;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;

/**
 * Two nodes' fanouts on a real redis-server: a room message reaches the other node whole, and its
 * publisher never reads it back, in the order published although no publish waits for Redis; the
 * notification fanout's records are known as a node's own by their first bytes.
 */
class RedisFanoutEchoTests {

  private final LettuceConnectionFactory connection =
      RedisProcess.shared().connect(Duration.ofSeconds(2));
  private final List<RedisFanout> fanouts = new ArrayList<>();

  @AfterEach
  void close() {
    fanouts.forEach(RedisFanout::close);
    connection.destroy();
  }

  @Test
  void deliversARoomMessageToTheOtherNodeAndNotBackToItsPublisher() throws Exception {
    var a = new Heard();
    var b = new Heard();
    var nodeA = fanout("node-1", a);
    fanout("node-12", b).follow("echo-room");
    nodeA.follow("echo-room");

    var message = message(1);
    nodeA.publish(message);

    assertThat(b.published.poll(5, TimeUnit.SECONDS)).isEqualTo(message);
    fanouts.get(1).publish(message(2));
    assertThat(a.published.poll(5, TimeUnit.SECONDS)).isEqualTo(message(2));
    assertThat(a.published).isEmpty();
    assertThat(b.published.poll(300, TimeUnit.MILLISECONDS)).isNull();
  }

  @Test
  void roomMessagesPublishedWithoutWaitingArriveInTheOrderTheyWerePublished() throws Exception {
    var b = new Heard();
    fanout("node-12", b).follow("echo-room");
    var nodeA = fanout("node-1", new Heard());

    for (long seq = 1; seq <= 2_000; seq++) {
      nodeA.publish(message(seq));
    }

    for (long seq = 1; seq <= 2_000; seq++) {
      var heard = b.published.poll(5, TimeUnit.SECONDS);
      assertThat(heard).as("message %d", seq).isNotNull();
      assertThat(heard.seq()).isEqualTo(seq);
    }
    assertThat(nodeA.failures()).isZero();
  }

  @Test
  void aStampedMessageReadsAsTheSameMessageWhereTheStampIsNotKnown() {
    var json = RedisChannels.json(message(3));
    var stamped = new OwnEcho("node", "node-1").stamped(json);

    assertThat(new String(stamped, StandardCharsets.UTF_8)).startsWith("{\"node\":\"node-1\",");
    assertThat(RecordCreators.lenientMapper().readValue(stamped, Message.class))
        .isEqualTo(message(3));
    assertThat(new OwnEcho("node", "node-1").isOwn(stamped)).isTrue();
    assertThat(new OwnEcho("node", "node-").isOwn(stamped)).isFalse();
    assertThat(new OwnEcho("node", "node-1").isOwn(json)).isFalse();
    assertThat(
            new String(
                new OwnEcho("node", "n\"1").stamped("{}".getBytes()), StandardCharsets.UTF_8))
        .isEqualTo("{\"node\":\"n\\\"1\"}");
  }

  @Test
  void theNotificationFanoutsRecordsLeadWithTheirNodeSoItsOwnAreDroppedUnread() {
    var echo = new OwnEcho("nodeId", "node-1");

    assertThat(
            echo.isOwn(RedisChannels.json(new RedisNotificationFanout.Counts("node-1", List.of()))))
        .isTrue();
    assertThat(
            echo.isOwn(RedisChannels.json(new RedisNotificationFanout.Published("node-1", null))))
        .isTrue();
    assertThat(
            echo.isOwn(RedisChannels.json(new RedisNotificationFanout.Counts("node-2", List.of()))))
        .isFalse();
  }

  private RedisFanout fanout(String nodeId, Heard heard) {
    var container = new RedisMessageListenerContainer();
    container.setConnectionFactory(connection);
    container.setTaskExecutor(Runnable::run);
    container.afterPropertiesSet();
    container.start();
    var outage =
        new BackendOutage("redis", "Redis", "a test", Duration.ofSeconds(1), Duration.ofSeconds(1));
    var fanout =
        new RedisFanout(new RedisChannels(RedisProcess.template(connection), container, outage));
    fanout.start(nodeId, heard);
    fanouts.add(fanout);
    return fanout;
  }

  private static Message message(long seq) {
    return new Message(
        "echo-room",
        seq,
        "alice",
        MessageKind.TEXT,
        "hello " + seq,
        List.of(),
        "c-" + seq,
        Instant.parse("2026-12-03T10:00:00Z"));
  }

  private static final class Heard implements Fanout.Receiver {
    final LinkedBlockingQueue<Message> published = new LinkedBlockingQueue<>();

    @Override
    public void published(Message message) {
      published.add(message);
    }

    @Override
    public void answered(Fanout.Answer answer) {}
  }
}
