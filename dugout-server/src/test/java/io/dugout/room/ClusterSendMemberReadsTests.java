package io.dugout.room;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import io.dugout.cluster.kafka.TestCluster;
import io.dugout.realtime.StompTestClient;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.mongodb.autoconfigure.MongoClientSettingsBuilderCustomizer;

/**
 * What sends read from MongoDB on a cluster node. A member's REST sends read the {@code members}
 * collection once, when the node's membership view first confirms the sender, and in a GROUP room
 * the {@code moderation} collection once, for what the sender may write, and not again while the
 * views may answer; with {@code dugout.rooms.member-cache-ttl=0s} every send reads both. Counted
 * are the {@code find} commands the node runs on {@code members} within {@code
 * MessageService.post}, on the sender's request thread. Not counted are the reads off that thread:
 * in a cluster {@code RoomCountsPusher}'s worker reads every member's record (their read markers)
 * once per gathered batch, for all its rooms together, for the badge counts, and the chat notifier
 * reads the room's recipients, which it then keeps.
 */
class ClusterSendMemberReadsTests {

  private static final int SENDS = 10;

  private static final TestCluster cluster = new TestCluster();
  private static final Finds viewingFinds = new Finds();
  private static final Finds readingFinds = new Finds();

  /** Answers a confirmed member from its view. */
  private static TestCluster.Node viewing;

  /** Reads membership from MongoDB on every check. */
  private static TestCluster.Node reading;

  @BeforeAll
  static void startTwoNodes() {
    // why an hour: the periodic read of all bans would otherwise land among the counted finds
    viewing = cluster.startWith(List.of(viewingFinds.customizer()), "--dugout.bans.cache-ttl=1h");
    reading =
        cluster.startWith(
            List.of(readingFinds.customizer()),
            "--dugout.rooms.member-cache-ttl=0s",
            "--dugout.bans.cache-ttl=1h");
    cluster.awaitBalanced();
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  @Test
  void aMembersSendsReadMembersAndModerationOnceWithTheViewsAndEveryTimeWithout() {
    String room = viewing.group("alice", "bob");

    viewingFinds.clear();
    readingFinds.clear();
    for (int i = 0; i < SENDS; i++) {
      assertThat(viewing.send(room, "bob")).isEqualTo(201);
      assertThat(reading.send(room, "bob")).isEqualTo(201);
    }

    assertThat(readingFinds.onSendPath("members"))
        .as(() -> "ttl 0s: the sender's membership read on every send\n" + readingFinds)
        .isEqualTo(SENDS);
    assertThat(viewingFinds.onSendPath("members"))
        .as(
            () ->
                "the view: the sender's membership read at the first send (again only if the"
                    + " room-events connection dropped meanwhile)\n"
                    + viewingFinds)
        .isBetween(1L, 2L);
    assertThat(readingFinds.onSendPath("moderation"))
        .as(
            () ->
                "ttl 0s: the room's rules and the sender's mute read on every send\n"
                    + readingFinds)
        .isEqualTo(SENDS);
    assertThat(viewingFinds.onSendPath("moderation"))
        .as(() -> "the view: what the sender may write read at the first send\n" + viewingFinds)
        .isBetween(1L, 2L);
  }

  /**
   * In a room whose members all watch it, sends read neither bans nor blocks: a node answers bans
   * from the bans in force it read, and the chat notifier reads blocks only for members it would
   * notify. The room counts read no message either.
   */
  @Test
  void sendsInARoomEveryMemberWatchesReadNeitherBansNorBlocks() {
    String room = viewing.group("alice", "bob", "carol");
    var watching = new ArrayList<StompTestClient>();
    try {
      for (String user : List.of("alice", "bob", "carol")) {
        var client = StompTestClient.connect(viewing.port(), viewing.client().token(user));
        client.subscribeAndWait("room", "/topic/rooms." + room);
        watching.add(client);
      }
      var alice = watching.getFirst();
      send(alice, room, "warm-up");

      viewingFinds.clear();
      for (int i = 0; i < SENDS; i++) {
        send(alice, room, "m" + i);
      }
      for (var client : watching) {
        client.await(frame -> frame.body().contains("\"clientMsgId\":\"m" + (SENDS - 1) + "\""));
      }

      assertThat(viewingFinds.count("bans")).as(viewingFinds::toString).isZero();
      assertThat(viewingFinds.count("blocks")).as(viewingFinds::toString).isZero();
      assertThat(viewingFinds.madeBy("messages", "io.dugout.realtime.RoomCountsPusher."))
          .as(() -> "the room counts are made as of the messages taken\n" + viewingFinds)
          .isZero();
    } finally {
      watching.forEach(StompTestClient::close);
    }
  }

  private static void send(StompTestClient client, String room, String clientMsgId) {
    client.sendJson(
        "/app/rooms." + room + ".messages",
        "{\"clientMsgId\":\"" + clientMsgId + "\",\"kind\":\"TEXT\",\"content\":\"hi\"}",
        clientMsgId);
    client.awaitReceipt(clientMsgId);
  }

  /** The {@code find} commands one node runs, by collection, with the thread's stack. */
  private static final class Finds implements CommandListener {

    private record Find(String collection, String thread, List<String> stack) {
      boolean onSendPath() {
        return stack.stream()
            .anyMatch(frame -> frame.startsWith("io.dugout.message.MessageService.post("));
      }
    }

    private final List<Find> finds = new CopyOnWriteArrayList<>();

    MongoClientSettingsBuilderCustomizer customizer() {
      return settings -> settings.addCommandListener(this);
    }

    @Override
    public void commandStarted(CommandStartedEvent event) {
      if (event.getCommandName().equals("find")) {
        finds.add(
            new Find(
                event.getCommand().getString("find").getValue(),
                Thread.currentThread().getName(),
                Arrays.stream(Thread.currentThread().getStackTrace())
                    .map(StackTraceElement::toString)
                    .filter(frame -> frame.startsWith("io.dugout."))
                    .toList()));
      }
    }

    long onSendPath(String collection) {
      return finds.stream()
          .filter(find -> find.collection().equals(collection) && find.onSendPath())
          .count();
    }

    long madeBy(String collection, String framePrefix) {
      return finds.stream()
          .filter(find -> find.collection().equals(collection))
          .filter(find -> find.stack().stream().anyMatch(frame -> frame.startsWith(framePrefix)))
          .count();
    }

    long count(String collection) {
      return finds.stream().filter(find -> find.collection().equals(collection)).count();
    }

    void clear() {
      finds.clear();
    }

    /** Each find's thread and Dugout frames, for a failure's description. */
    @Override
    public String toString() {
      var text = new StringBuilder();
      for (var find : finds) {
        text.append(find.collection())
            .append(find.onSendPath() ? ", on the send path, " : ", off it, ")
            .append(find.thread());
        find.stack().forEach(frame -> text.append("\n    at ").append(frame));
        text.append('\n');
      }
      return text.toString();
    }
  }
}
