package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.ClientPath;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;

@TestPropertySource(
    properties = {
      "dugout.realtime.max-queued-frames=200",
      "dugout.realtime.send-time-limit=2s",
      // why: so slow a refill that the 20-frame burst below is limited however slowly it runs
      "dugout.realtime.messages-per-second=1",
      "dugout.realtime.message-burst=5",
      "dugout.realtime.heartbeat=1s",
      "dugout.realtime.connect-time-limit=2s"
    })
@Import(HeldMessages.class)
@ClientPath.EveryPath
class LimitsTests extends RealtimeTestBase {

  @Autowired RealtimeMetrics metrics;
  @Autowired Subscriptions subscriptions;

  @Test
  void disconnectsAClientThatStopsReadingWhileOthersGetEverything() throws Exception {
    String room = groupOf("alice", "bob", "slow");
    var bob = connect("bob");
    bob.subscribeAndWait("b", "/topic/rooms." + room);
    // why: a plain socket that nobody reads is a hung device as the kernel sees it; a client
    // library paused by flow control has buffers and threads of its own in between
    try (var slow = RawStompSocket.connect(wsPort(), token("slow"))) {
      slow.subscribeAndWait("s", "/topic/rooms." + room);
      ClientSession slowSession = subscriptions.ofUser("slow").iterator().next();

      long slowBefore = metrics.slowConsumers().get();
      int total = postUntilClosed(slowSession, token("alice"), room, 12_000);
      assertThat(slowSession.closedWith()).isEqualTo(ClientSession.SLOW);
      assertThat(metrics.slowConsumers().get()).isEqualTo(slowBefore + 1);

      assertThat(RoomTopicTests.seqs(bob, total))
          .containsExactlyElementsOf(LongStream.rangeClosed(1, total).boxed().toList());
      // why: the close frame waits behind megabytes the kernel buffered while nobody read; on a
      // loaded machine reading them takes longer than a usual close
      assertThat(slow.readToEnd(Duration.ofSeconds(60))).isIn(1013, RawStompSocket.NO_CLOSE_FRAME);
      var partial =
          slow.frames().stream()
              .filter(frame -> frame.body().contains("\"type\":\"message\""))
              .map(frame -> json(frame).get("seq").asLong())
              .toList();
      // why: what the slow client did get is a gap-free prefix, so it can resume with since-seq
      assertThat(partial).hasSizeLessThan(total);
      assertThat(partial)
          .containsExactlyElementsOf(LongStream.rangeClosed(1, partial.size()).boxed().toList());
    }
  }

  @Test
  void answersSendsOverTheRateLimitOnTheErrorQueueAndKeepsTheConnection() throws Exception {
    String room = groupOf("alice");
    var alice = connect("alice");
    alice.subscribeAndWait("e", "/user/queue/errors");
    for (int i = 0; i < 20; i++) {
      alice.sendJson("/app/rooms." + room + ".messages", text("burst-" + i, "x"), "r-" + i);
    }
    int receipts = 0;
    int limited = 0;
    for (int i = 0; i < 20; i++) {
      var frame =
          alice.await(f -> f.command().equals("RECEIPT") || "e".equals(f.header("subscription")));
      if (frame.command().equals("RECEIPT")) {
        receipts++;
      } else {
        assertThat(json(frame).get("code").asString()).isEqualTo("rate_limited");
        assertThat(json(frame).get("clientMsgId").asString()).startsWith("burst-");
        limited++;
      }
    }
    // why: the exact split depends on how long the burst takes (LocalSendRateLimiterTests pins it)
    assertThat(receipts).isGreaterThanOrEqualTo(5);
    assertThat(limited).isPositive().isEqualTo(20 - receipts);
    Thread.sleep(1200);
    alice.sendJson("/app/rooms." + room + ".messages", text("later", "x"), "r-later");
    alice.awaitReceipt("r-later");
    assertThat(alice.isClosed()).isFalse();
  }

  @Test
  void dropsAClientThatStopsSendingHeartBeats() {
    var silent = StompTestClient.connect(wsPort(), token("alice"), "1000,0");
    try {
      long start = System.currentTimeMillis();
      assertThat(silent.awaitClose()).isEqualTo(4000);
      assertThat(System.currentTimeMillis() - start).isGreaterThanOrEqualTo(2000);
    } finally {
      silent.close();
    }
  }

  @Test
  void keepsAClientThatSendsHeartBeatsAndSendsItHeartBeats() throws Exception {
    var lively = StompTestClient.connect(wsPort(), token("alice"), "1000,1000");
    try {
      for (int i = 0; i < 10; i++) {
        Thread.sleep(400);
        lively.sendRaw("\n");
      }
      assertThat(lively.isClosed()).isFalse();
      assertThat(lively.heartbeats()).isGreaterThanOrEqualTo(2);
    } finally {
      lively.close();
    }
  }

  @Test
  void closesAConnectionThatNeverSendsConnect() {
    long opened = System.nanoTime();
    var idle = open();
    assertThat(idle.poll(Duration.ofSeconds(1))).isNull();
    assertThat(idle.awaitClose()).isEqualTo(4001);
    assertThat(Duration.ofNanos(System.nanoTime() - opened))
        .as("closed after the configured 2 s, not the default 10 s")
        .isLessThan(Duration.ofSeconds(8));
  }

  @Test
  void closesAConnectionThatSendsHeartBeatsButNeverConnect() throws Exception {
    long opened = System.nanoTime();
    var idle = open();
    for (int i = 0; i < 20 && !idle.isClosed(); i++) {
      idle.sendRaw("\n");
      Thread.sleep(250);
    }
    assertThat(idle.awaitClose()).isEqualTo(4001);
    assertThat(Duration.ofNanos(System.nanoTime() - opened))
        .as("heart-beats do not stand in for CONNECT")
        .isLessThan(Duration.ofSeconds(5));
  }

  @Test
  void keepsAClientWhoseHeartBeatsArriveWhileItsFramesWaitBehindASlowOne() throws Exception {
    String room = groupOf("alice");
    var alice = adopt(StompTestClient.connect(wsPort(), token("alice"), "1000,0"));
    HeldMessages.release = new CountDownLatch(1);
    try {
      alice.sendJson("/app/rooms." + room + ".messages", text("c-held", "hold"), "r-held");
      // why: 4 s of heart-beats while the SEND is held, past the 3 s a silent client gets
      for (int i = 0; i < 16 && !alice.isClosed(); i++) {
        Thread.sleep(250);
        alice.sendRaw("\n");
      }
      assertThat(alice.isClosed()).as("closed as silent while its heart-beats arrived").isFalse();
    } finally {
      HeldMessages.release.countDown();
    }
    alice.awaitReceipt("r-held");
    Thread.sleep(1500);
    assertThat(alice.isClosed()).as("closed as silent once the held frame was handled").isFalse();
  }
}
