package io.dugout.room;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import io.dugout.cluster.kafka.TestCluster;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.mongodb.autoconfigure.MongoClientSettingsBuilderCustomizer;

/**
 * A member's REST sends on a cluster node read the {@code members} collection once, when the node's
 * membership view first confirms the sender, and not again while the view may answer; with {@code
 * dugout.rooms.member-cache-ttl=0s} every send reads it. Counted are the {@code find} commands the
 * node runs on {@code members} within {@code MessageService.post}, on the sender's request thread.
 * Not counted are the reads off that thread: in a cluster {@code RoomCountsPusher}'s worker reads
 * every member's record (their read markers) once per gathered batch of the room's messages for the
 * badge counts, and the chat notifier reads the room's recipients, which it then keeps.
 */
class ClusterSendMemberReadsTests {

  private static final int SENDS = 10;

  private static final TestCluster cluster = new TestCluster();
  private static final MemberFinds viewingFinds = new MemberFinds();
  private static final MemberFinds readingFinds = new MemberFinds();

  /** Answers a confirmed member from its view. */
  private static TestCluster.Node viewing;

  /** Reads membership from MongoDB on every check. */
  private static TestCluster.Node reading;

  @BeforeAll
  static void startTwoNodes() {
    viewing = cluster.startWith(List.of(viewingFinds.customizer()));
    reading =
        cluster.startWith(List.of(readingFinds.customizer()), "--dugout.rooms.member-cache-ttl=0s");
    cluster.awaitBalanced();
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  @Test
  void aMembersSendsReadMembersOnceWithTheViewAndEveryTimeWithout() {
    String room = viewing.group("alice", "bob");

    viewingFinds.clear();
    readingFinds.clear();
    for (int i = 0; i < SENDS; i++) {
      assertThat(viewing.send(room, "bob")).isEqualTo(201);
      assertThat(reading.send(room, "bob")).isEqualTo(201);
    }

    assertThat(readingFinds.onSendPath())
        .as(() -> "ttl 0s: the sender's membership read on every send\n" + readingFinds)
        .isEqualTo(SENDS);
    assertThat(viewingFinds.onSendPath())
        .as(
            () ->
                "the view: the sender's membership read at the first send (again only if the"
                    + " room-events connection dropped meanwhile)\n"
                    + viewingFinds)
        .isBetween(1L, 2L);
  }

  /** The {@code find} commands one node runs on {@code members}, with the thread's stack. */
  private static final class MemberFinds implements CommandListener {

    private record Find(String thread, List<String> stack) {
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
      if (event.getCommandName().equals("find")
          && "members".equals(event.getCommand().getString("find").getValue())) {
        finds.add(
            new Find(
                Thread.currentThread().getName(),
                Arrays.stream(Thread.currentThread().getStackTrace())
                    .map(StackTraceElement::toString)
                    .filter(frame -> frame.startsWith("io.dugout."))
                    .toList()));
      }
    }

    long onSendPath() {
      return finds.stream().filter(Find::onSendPath).count();
    }

    void clear() {
      finds.clear();
    }

    /** Each find's thread and Dugout frames, for a failure's description. */
    @Override
    public String toString() {
      var text = new StringBuilder();
      for (var find : finds) {
        text.append(find.onSendPath() ? "on the send path, " : "off it, ").append(find.thread());
        find.stack().forEach(frame -> text.append("\n    at ").append(frame));
        text.append('\n');
      }
      return text.toString();
    }
  }
}
