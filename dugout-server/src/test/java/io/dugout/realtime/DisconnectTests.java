package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.ClientPath;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * How a session ends when the client asks: what was queued is delivered, then the server's close
 * frame, even when the client closes its side at the same moment (as JMeter's plan and most clients
 * do right after DISCONNECT).
 */
@ClientPath.EveryPath
class DisconnectTests extends RealtimeTestBase {

  @Autowired Subscriptions subscriptions;

  @Test
  void everyQuickCycleGetsItsOwnMessageAndACloseFrame() {
    // The seeds' JMeter flow: connect, subscribe, send, own MESSAGE, DISCONNECT, close.
    String room = groupOf("cycler");
    for (int cycle = 0; cycle < 100; cycle++) {
      var stomp = connect("cycler");
      stomp.subscribe("0", "/topic/rooms." + room);
      stomp.sendJson("/app/rooms." + room + ".messages", text("cycle-" + cycle, "hi"), null);
      String clientMsgId = "cycle-" + cycle;
      stomp.await(f -> f.command().equals("MESSAGE") && f.body().contains('"' + clientMsgId + '"'));
      stomp.send("DISCONNECT", Map.of(), null);
      stomp.sendClose();
      assertThat(stomp.awaitClose()).as("cycle %d: %s", cycle, stomp.closeReason()).isEqualTo(1000);
    }
  }

  @Test
  void deliversWhatWasQueuedThenTheDisconnectReceiptThenACloseFrame() {
    String room = groupOf("leaver");
    for (int cycle = 0; cycle < 50; cycle++) {
      var stomp = connect("leaver");
      stomp.subscribe("0", "/topic/rooms." + room);
      stomp.sendJson("/app/rooms." + room + ".messages", text("leave-" + cycle, "bye"), null);
      stomp.send("DISCONNECT", Map.of("receipt", "bye-" + cycle), null);
      stomp.sendClose();
      var first = stomp.await(f -> true);
      var second = stomp.await(f -> true);
      assertThat(first.command()).isEqualTo("MESSAGE");
      assertThat(first.body()).contains("\"leave-" + cycle + '"');
      assertThat(second.command()).isEqualTo("RECEIPT");
      assertThat(second.header("receipt-id")).isEqualTo("bye-" + cycle);
      assertThat(stomp.awaitClose()).as("cycle %d: %s", cycle, stomp.closeReason()).isEqualTo(1000);
    }
  }

  @Test
  void answersTheClientsCloseWithItsOwnWhenTheClientClosedWhileItsFramesWereStillBeingWritten()
      throws Exception {
    String room = groupOf("busy", "reader");
    var reader = connect("reader");
    reader.subscribeAndWait("0", "/topic/rooms." + room);
    var session = subscriptions.ofUser("reader").iterator().next();
    reader.pauseReading();
    String busy = token("busy");
    String content = "x".repeat(4000);
    int posted = 0;
    // why: fill the socket buffers until the server's writer blocks in a write to this client
    while (!writerIsStuck(session) && posted < 5000) {
      for (int i = 0; i < 50; i++, posted++) {
        post(busy, "/api/v1/rooms/" + room + "/messages", text("m-" + posted, content));
      }
    }
    assertThat(writerIsStuck(session)).as("writer stuck after %d messages", posted).isTrue();

    reader.send("DISCONNECT", Map.of(), null);
    // why: a close the server started on another thread would by now be waiting for the stuck
    // write, half done, and the client's close frame would make Tomcat drop the connection
    Thread.sleep(300);
    reader.sendClose();
    reader.resumeReading();

    assertThat(reader.awaitClose()).as(reader.closeReason()).isEqualTo(1000);
    int delivered = 0;
    while (reader.poll(Duration.ZERO) != null) {
      delivered++;
    }
    assertThat(delivered).isEqualTo(posted);
  }

  /** Frames stay queued although the writer had time to take them: it is blocked in a write. */
  private static boolean writerIsStuck(ClientSession session) throws InterruptedException {
    if (session.queuedFrames() < 20) {
      return false;
    }
    Thread.sleep(200);
    return session.queuedFrames() >= 20;
  }
}
