package io.dugout.transport.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.realtime.ClientSession;
import io.dugout.realtime.RawStompSocket;
import io.dugout.realtime.RealtimeMetrics;
import io.dugout.realtime.RealtimeTestBase;
import io.dugout.realtime.RoomTopicTests;
import io.dugout.realtime.StompTestClient;
import io.dugout.realtime.Subscriptions;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.test.context.TestPropertySource;

/**
 * What is the Netty listener's own: its sessions are the endpoint's like Tomcat's, it answers
 * nothing but the handshake at {@code /ws}, and a client that stops reading is closed as a slow
 * consumer once its channel stayed unwritable for the send time limit, even while its bytes are
 * within the queue's budget. (The realtime suites run against the listener too, in the build's
 * {@code netty-transport-e2e} run on the transport {@code auto} picks, epoll, and in {@code
 * netty-io-uring-e2e} on io_uring.) It runs on epoll here, and again on io_uring and NIO named
 * ({@link IoUringListenerTests}, {@link NioListenerTests}).
 */
@TestPropertySource(
    properties = {
      "dugout.listener.mode=separate",
      "dugout.realtime.netty.port=0",
      "dugout.realtime.send-time-limit=2s",
      // why: so large that only the unwritable channel, not the budget, can close the client
      "dugout.realtime.max-queued-frames=1000000",
      "dugout.realtime.max-queued-bytes=1073741824"
    })
class NettyListenerTests extends RealtimeTestBase {

  @Autowired Subscriptions subscriptions;
  @Autowired RealtimeMetrics metrics;
  @Autowired NettyLoops loops;

  @Value("${local.dugout.realtime.netty.port}")
  int netty;

  /** The transport the listener must run on. */
  NettyTransport expectedTransport() {
    return NettyTransport.EPOLL;
  }

  @Test
  void runsOnTheTransportAsked() {
    assertThat(loops.transport()).isEqualTo(expectedTransport());
  }

  @Test
  void servesStompOnItsOwnPortBesideTomcatsWs() throws Exception {
    assertThat(netty).isPositive().isNotEqualTo(port);
    String room = groupOf("alice", "bob");
    var bob = adopt(StompTestClient.connect(netty, token("bob")));
    bob.subscribeAndWait("b", "/topic/rooms." + room);
    var alice = adopt(StompTestClient.connect(port, token("alice")));
    assertThat(subscriptions.ofUser("bob"))
        .singleElement()
        .satisfies(session -> assertThat(session.id()).startsWith("n"));

    alice.send(
        "SEND",
        java.util.Map.of("destination", "/app/rooms." + room + ".messages", "receipt", "r-1"),
        text("c-1", "over tomcat"));
    alice.await(frame -> "r-1".equals(frame.header("receipt-id")));
    assertThat(json(bob.await(frame -> frame.command().equals("MESSAGE"))).get("seq").asLong())
        .isEqualTo(1);
  }

  @Test
  void answersAnythingButAHandshakeAtWsWithAnError() throws IOException {
    assertThat(httpStatus("GET /api/v1/rooms HTTP/1.1\r\nHost: localhost\r\n\r\n")).isEqualTo(404);
    assertThat(httpStatus("GET /ws HTTP/1.1\r\nHost: localhost\r\n\r\n")).isEqualTo(400);
  }

  @Test
  void closesAClientWhoseChannelStaysUnwritableForTheSendTimeLimit() throws Exception {
    String room = groupOf("alice", "bob", "stuck");
    var bob = connect("bob");
    bob.subscribeAndWait("b", "/topic/rooms." + room);
    try (var stuck = RawStompSocket.connect(netty, token("stuck"))) {
      stuck.subscribeAndWait("s", "/topic/rooms." + room);
      ClientSession session = subscriptions.ofUser("stuck").iterator().next();
      long slowBefore = metrics.slowConsumers().get();
      int total = postUntilClosed(session, token("alice"), room, 20_000);
      assertThat(session.closedWith()).isEqualTo(ClientSession.SLOW);
      assertThat(metrics.slowConsumers().get()).isEqualTo(slowBefore + 1);
      assertThat(RoomTopicTests.seqs(bob, total))
          .containsExactlyElementsOf(LongStream.rangeClosed(1, total).boxed().toList());
      assertThat(stuck.readToEnd(Duration.ofSeconds(60))).isIn(1013, RawStompSocket.NO_CLOSE_FRAME);
    }
  }

  private int httpStatus(String request) throws IOException {
    try (var socket = new Socket("localhost", netty)) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
      String statusLine = firstLine(socket.getInputStream());
      return Integer.parseInt(statusLine.split(" ")[1]);
    }
  }

  private static String firstLine(InputStream in) throws IOException {
    var line = new StringBuilder();
    int b;
    while ((b = in.read()) != -1 && b != '\n') {
      line.append((char) b);
    }
    return line.toString().strip();
  }
}
