package io.dugout.notification;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.cluster.kafka.TestCluster;
import io.dugout.message.MessageKind;
import io.dugout.message.NewMessage;
import io.dugout.message.Sequencer;
import io.dugout.message.UnnotifiedMessages;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Chat notifications at least once in a cluster (two nodes, a real Kafka broker and redis-server,
 * the in-JVM MongoDB stand-in): a message the partition owner stored but whose posting node never
 * notified it, as when that node is killed between the owner's answer and its notifier's pass, is
 * notified by the node that sequences its room, once, and its mark is gone; messages notified live
 * are not notified again.
 */
class ClusterUnnotifiedSweepTests {

  private static final String PATH = "/api/v1/notifications";
  private static final Duration PATIENCE = Duration.ofSeconds(20);
  private static final Duration SWEEP = Duration.ofMillis(300);
  private static final TestCluster cluster = new TestCluster();
  private static TestCluster.Node a;
  private static TestCluster.Node b;

  @BeforeAll
  static void startTwoNodes() {
    String sweep = "--dugout.notifications.unnotified-sweep=" + SWEEP.toMillis() + "ms";
    String removal = "--dugout.notifications.unnotified-removal=100ms";
    a = cluster.start(sweep, removal);
    b = cluster.start(sweep, removal);
    cluster.awaitBalanced();
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  @Test
  void aStoredMessageItsNodeNeverNotifiedIsNotifiedOnceByTheRoomsOwner() {
    String alice = user("alice");
    String bob = user("bob");
    String room = a.group(alice, bob);
    assertThat(b.send(room, alice, "c-1")).isEqualTo(201);
    Waits.until(() -> count(bob, room) == 1, PATIENCE, "bob notified of the live message");

    // why: the owner stores and answers, and the node that asked stops before its notifier runs
    var stored =
        a.context()
            .getBean(Sequencer.class)
            .append(
                room,
                new NewMessage(
                    alice, MessageKind.TEXT, "left behind", List.of(), "c-2", Instant.now()));
    assertThat(stored.created()).isTrue();

    Waits.until(() -> count(bob, room) == 2, PATIENCE, "the message left behind notified");
    Waits.until(() -> marksOf(room).isEmpty(), PATIENCE, "its mark removed");
    var notification = chatNotification(bob, room);
    assertThat(notification.get("body").asString()).isEqualTo("left behind");
    assertThat(notification.get("data").get("seq").asLong()).isEqualTo(stored.message().seq());
    // why: several sweeps of both nodes; neither notifies it (or the live one) again
    sleep(SWEEP.multipliedBy(8));
    assertThat(count(bob, room)).isEqualTo(2);
    assertThat(list(bob).get("notifications")).hasSize(1);
  }

  private static List<UnnotifiedMessages.Mark> marksOf(String room) {
    return a.context().getBean(UnnotifiedMessages.class).oldest(1000).stream()
        .filter(m -> m.roomId().equals(room))
        .toList();
  }

  /** How many messages bob's one notification of the room counts, 0 before it exists. */
  private static int count(String user, String room) {
    var notification = chatNotification(user, room);
    return notification == null ? 0 : notification.get("count").asInt();
  }

  private static JsonNode chatNotification(String user, String room) {
    for (JsonNode n : list(user).get("notifications")) {
      if (n.get("kind").asString().equals("chat.message")
          && n.get("data").get("roomId").asString().equals(room)) {
        return n;
      }
    }
    return null;
  }

  private static JsonNode list(String user) {
    var page = a.client().get(a.client().token(user), PATH);
    assertThat(page.status()).as("%s", page).isEqualTo(200);
    return page.json();
  }

  private static String user(String name) {
    return name + "-" + UUID.randomUUID().toString().substring(0, 8);
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
