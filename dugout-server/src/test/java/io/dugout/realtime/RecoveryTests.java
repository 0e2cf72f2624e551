package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.ClientPath;
import io.dugout.Waits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

@ClientPath.EveryPath
class RecoveryTests extends RealtimeTestBase {

  @Test
  void replaysEverythingAfterSinceSeqThenContinuesLive() {
    String room = groupOf("alice", "bob");
    String alice = token("alice");
    for (int i = 1; i <= 10; i++) {
      post(alice, "/api/v1/rooms/" + room + "/messages", text("m" + i, "x"));
    }
    var bob = connect("bob");
    bob.subscribeAndWait("b", "/topic/rooms." + room, "since-seq", "4");
    post(alice, "/api/v1/rooms/" + room + "/messages", text("m11", "live"));
    assertThat(RoomTopicTests.seqs(bob, 7)).containsExactly(5L, 6L, 7L, 8L, 9L, 10L, 11L);
  }

  @Test
  void replaysAFullRoomFromZeroAcrossManyPages() {
    String room = groupOf("alice", "bob");
    String alice = token("alice");
    for (int i = 1; i <= 1200; i++) {
      post(alice, "/api/v1/rooms/" + room + "/messages", text("m" + i, "x"));
    }
    var bob = connect("bob");
    bob.subscribeAndWait("b", "/topic/rooms." + room, "since-seq", "0");
    assertThat(RoomTopicTests.seqs(bob, 1200))
        .containsExactlyElementsOf(LongStream.rangeClosed(1, 1200).boxed().toList());
  }

  @Test
  void recoversWithoutGapOrRepeatWhileOthersKeepSending() throws Exception {
    String room = groupOf("alice", "bob");
    String alice = token("alice");
    var stop = new AtomicBoolean();
    var sent = new AtomicInteger();
    var sender =
        Thread.ofVirtual()
            .start(
                () -> {
                  for (int i = 1; i <= 400 && !stop.get(); i++) {
                    post(alice, "/api/v1/rooms/" + room + "/messages", text("m" + i, "x"));
                    sent.set(i);
                  }
                });
    var seen = new ArrayList<Long>();
    // why: reconnect several times mid-stream, each time resuming from the last seq seen
    for (int round = 0; round < 5; round++) {
      int wanted = (round + 1) * 20;
      Waits.until(() -> sent.get() >= wanted, Duration.ofSeconds(60), wanted + " posts");
      var bob = connect("bob");
      long since = seen.isEmpty() ? 0 : seen.getLast();
      bob.subscribe("b", "/topic/rooms." + room, "since-seq", String.valueOf(since));
      long target = sent.get() + 10;
      while (seen.isEmpty() || seen.getLast() < target) {
        var frame =
            bob.await(
                f -> f.command().equals("MESSAGE") && f.body().contains("\"type\":\"message\""));
        seen.add(json(frame).get("seq").asLong());
      }
      bob.close();
    }
    stop.set(true);
    Waits.joined(sender, Duration.ofSeconds(60));
    assertThat(seen)
        .containsExactlyElementsOf(LongStream.rangeClosed(1, seen.size()).boxed().toList());
  }
}
