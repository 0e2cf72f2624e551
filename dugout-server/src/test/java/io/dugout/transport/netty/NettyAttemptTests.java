package io.dugout.transport.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.HeldByAnotherThread;
import io.dugout.auth.Caller;
import io.dugout.message.MessageService;
import io.dugout.realtime.RealtimeMetrics;
import io.dugout.realtime.RealtimeTestBase;
import io.dugout.realtime.StompTestClient;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Message SENDs tried on the Netty listener's event loop (guarantee 6): handled there when nothing
 * waits, and otherwise handed to the connection's thread with nothing stored, so that a room whose
 * lane is held holds up only its own senders, never the loop's other connections, and the
 * handed-off SEND is stored once, in order, and counted once against its sender's rate.
 */
@TestPropertySource(
    properties = {
      "dugout.listener.mode=separate",
      "dugout.realtime.netty.port=0",
      // why: every connection on the one loop, so a loop that waited would hold them all
      "dugout.realtime.netty.threads=1",
      // why: two sends per user and no refill within a test, so one send counted twice shows
      "dugout.realtime.messages-per-second=0.001",
      "dugout.realtime.message-burst=2"
    })
class NettyAttemptTests extends RealtimeTestBase {

  private static final Caller SERVICE = new Caller("held-by-test", true);

  @Autowired RealtimeMetrics metrics;
  @Autowired MessageService messages;

  @Value("${local.dugout.realtime.netty.port}")
  int netty;

  @Test
  void handlesAMessageSendOnTheEventLoopThatReadIt() throws InterruptedException {
    String room = groupOf("alice", "bob", "carol");
    // why: the room's last seq known, so no read from disk refuses the attempts
    warm(room, "carol");
    var bob = listen("bob");
    bob.subscribeAndWait("b", "/topic/rooms." + room);
    var alice = listen("alice");
    double handled = metrics.attempts(true);

    for (int i = 1; i <= 2; i++) {
      // why: a SEND is tried on the loop only while its connection's thread is idle; the receipt
      // of the frame before can reach the client a moment before that thread has finished
      Thread.sleep(100);
      alice.sendJson(destination(room), text("c-" + i, "hello " + i), "r-" + i);
      alice.awaitReceipt("r-" + i);
    }

    assertThat(metrics.attempts(true) - handled).as("sends handled on the loop").isPositive();
    assertThat(contentOf(bob.await(frame -> frame.command().equals("MESSAGE"))))
        .isEqualTo("hello 1");
    assertThat(contentOf(bob.await(frame -> frame.command().equals("MESSAGE"))))
        .isEqualTo("hello 2");
  }

  @Test
  void aSendThatWouldWaitForItsRoomIsHandedOffAndHoldsUpNoOtherConnection() throws Exception {
    String held = groupOf("alice", "bob");
    String free = groupOf("carol", "dave");
    // why: the rooms' last seqs known, so only the held lane can refuse an attempt
    warm(held, "bob");
    warm(free, "dave");
    var alice = listen("alice");
    alice.subscribeAndWait("e", "/user/queue/errors");
    var carol = listen("carol");
    var holder =
        HeldByAnotherThread.start(
            stay ->
                messages.subscribe(
                    SERVICE,
                    held,
                    lastSeq -> {
                      stay.run();
                      return lastSeq;
                    }));
    double refused = metrics.attempts(false);

    alice.sendJson(destination(held), text("a-1", "first"), "a-1");
    alice.sendJson(destination(held), text("a-2", "second"), "a-2");
    carol.sendJson(destination(free), text("c-1", "meanwhile"), "c-1");
    carol.awaitReceipt("c-1");
    assertThat(alice.poll(Duration.ofMillis(300))).as("an answer while the lane is held").isNull();
    assertThat(metrics.attempts(false) - refused).as("attempts refused").isEqualTo(1);

    holder.close();
    assertThat(alice.awaitReceipt("a-1")).isNotNull();
    assertThat(alice.awaitReceipt("a-2")).isNotNull();
    var page = get(token("bob"), "/api/v1/rooms/" + held + "/messages");
    var contents = new java.util.ArrayList<String>();
    var seqs = new java.util.ArrayList<Long>();
    for (JsonNode item : page.get("messages")) {
      if (!item.get("kind").asString().equals("SYSTEM")) {
        contents.add(item.get("content").asString());
      }
      seqs.add(item.get("seq").asLong());
    }
    assertThat(contents.reversed()).containsExactly("warm", "first", "second");
    assertThat(seqs.reversed())
        .isEqualTo(java.util.stream.LongStream.rangeClosed(1, seqs.size()).boxed().toList());
  }

  private StompTestClient listen(String userId) {
    return adopt(StompTestClient.connect(netty, token(userId)));
  }

  private void warm(String room, String userId) {
    var client = listen(userId);
    client.sendJson(destination(room), text("warm-" + userId, "warm"), "w");
    client.awaitReceipt("w");
  }

  private static String destination(String room) {
    return "/app/rooms." + room + ".messages";
  }

  private static String contentOf(StompTestClient.Frame frame) {
    return json(frame).get("content").asString();
  }
}
