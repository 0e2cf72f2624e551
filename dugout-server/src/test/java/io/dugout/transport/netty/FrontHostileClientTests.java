package io.dugout.transport.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.realtime.RawExchange;
import io.dugout.realtime.RealtimeTestBase;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.test.context.TestPropertySource;

/**
 * What a client that bends HTTP gets from the listener in front of Tomcat, sent byte for byte on a
 * raw socket, and where the front answers a request itself, what Tomcat answers the same bytes on
 * its own port.
 */
@TestPropertySource(properties = "dugout.listener.mode=front")
class FrontHostileClientTests extends RealtimeTestBase {

  private static final String HANDSHAKE =
      "GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
          + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
          + "Sec-WebSocket-Protocol: v12.stomp\r\n\r\n";
  private static final Pattern SEQ = Pattern.compile("\"seq\":");

  @Autowired MeterRegistry meters;

  @Value("${local.dugout.realtime.netty.port}")
  int front;

  @Test
  void readsNoFurtherFromAClientThatPipelinesHotReadsWithoutReadingTheAnswers() throws Exception {
    String alice = token("alice");
    String room = group(alice, "big pages", "bob");
    String content = "x".repeat(4000);
    for (int i = 0; i < 100; i++) {
      post(alice, "/api/v1/rooms/" + room + "/messages", text("big-" + i, content));
    }
    // why: about 400 KB an answer, so 300 of them are far more than any socket buffers hold
    int requests = 300;
    var pipelined = new StringBuilder();
    for (int i = 0; i < requests; i++) {
      pipelined.append(history(room, alice, 100 - i % 3));
    }
    double before = leanAnswered();

    try (var socket = new Socket()) {
      // why: a fixed window, so the kernel holds few answers for a client that does not read
      socket.setReceiveBufferSize(16 * 1024);
      socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), front));
      socket.setSoTimeout(30_000);
      byte[] bytes = pipelined.toString().getBytes(StandardCharsets.US_ASCII);
      Thread writer = Thread.ofVirtual().start(() -> write(socket, bytes));

      int answeredUnread = (int) (answeredOnceStill(before, requests) - before);
      assertThat(answeredUnread)
          .as("hot reads answered before the client read a byte")
          .isPositive()
          .isLessThan(requests / 2);

      var in = socket.getInputStream();
      for (int i = 0; i < requests; i++) {
        RawExchange.Answer answer = RawExchange.read(in, 1).answers().getFirst();
        assertThat(answer.status()).as("answer %d", i).isEqualTo(200);
        assertThat(SEQ.matcher(answer.text()).results().count())
            .as("messages in answer %d", i)
            .isEqualTo(100 - i % 3);
      }
      writer.join();
    }
    assertThat(leanAnswered() - before).isEqualTo(requests);
  }

  @Test
  void answersEveryRequestSentBeforeAHalfCloseAndThenCloses() throws Exception {
    String alice = token("alice");
    String room = group(alice, "half-closed", "bob");
    String body = text("half-1", "sent before the end");
    String post =
        "POST /api/v1/rooms/"
            + room
            + "/messages HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
            + alice
            + "\r\nContent-Type: application/json\r\nContent-Length: "
            + body.length()
            + "\r\n\r\n"
            + body;
    String hot = history(room, alice, 5);

    try (var socket = new Socket(InetAddress.getLoopbackAddress(), front)) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write((hot + post + hot).getBytes(StandardCharsets.US_ASCII));
      socket.shutdownOutput();
      var exchange = RawExchange.read(socket.getInputStream(), 4);

      assertThat(exchange.statuses()).containsExactly(200, 201, 200);
      assertThat(exchange.end()).isEqualTo(RawExchange.End.CLOSED);
      assertThat(exchange.answers().get(0).text()).doesNotContain("sent before the end");
      assertThat(exchange.answers().get(2).text()).contains("sent before the end");
    }
  }

  static Stream<String> fieldsTomcatRefuses() {
    return Stream.of(
        "Content-Length: 0\r\nContent-Length: 0",
        "Host: a:b:c",
        "Host: -a",
        "Host: a..b",
        "Host: [x]");
  }

  @ParameterizedTest
  @MethodSource("fieldsTomcatRefuses")
  void refusesAHotReadWhoseHeadTomcatRefuses(String field) throws Exception {
    String alice = token("alice");
    String room = group(alice, "strict heads", "bob");

    assertRefusedOnBothPorts(withField(history(room, alice, 5), field));
  }

  @Test
  void answersAHeadWithBareLineFeedsAsTomcatDoes() throws Exception {
    String alice = token("alice");
    String room = group(alice, "bare line feeds", "bob");
    String request = history(room, alice, 5).replace("\r\n", "\n");

    var fromFront = RawExchange.send(front, request, 1);
    var fromTomcat = RawExchange.send(port, request, 1);

    assertThat(fromTomcat.statuses()).containsExactly(200);
    assertThat(fromFront.statuses()).isEqualTo(fromTomcat.statuses());
    assertThat(fromFront.answers().getFirst().text())
        .isEqualTo(fromTomcat.answers().getFirst().text());
  }

  @ParameterizedTest
  @MethodSource("fieldsTomcatRefuses")
  void refusesAHandshakeWhoseHeadTomcatRefuses(String field) throws Exception {
    assertRefusedOnBothPorts(withField(HANDSHAKE, field));
  }

  @Test
  void upgradesAHandshakeWithAQueryOnTheListenerAsTomcatDoes() throws Exception {
    String withQuery = HANDSHAKE.replace("GET /ws ", "GET /ws?client=1 ");
    double relayedBefore = relayed();

    assertThat(RawExchange.send(front, withQuery, 1).statuses()).containsExactly(101);
    assertThat(relayed()).as("no connection went to Tomcat").isEqualTo(relayedBefore);
    assertThat(RawExchange.send(port, withQuery, 1).statuses()).containsExactly(101);
  }

  @Test
  void refusesAHandshakeWhoseQueryIsNoUriOnBothPorts() throws Exception {
    assertRefusedOnBothPorts(HANDSHAKE.replace("GET /ws ", "GET /ws?x=1% "));
  }

  private static String history(String room, String token, int limit) {
    return "GET /api/v1/rooms/"
        + room
        + "/messages?limit="
        + limit
        + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
        + token
        + "\r\n\r\n";
  }

  /** {@code request} with {@code field} in place of its {@code Host}, or added. */
  private static String withField(String request, String field) {
    return field.startsWith("Host:")
        ? request.replace("Host: localhost", field)
        : request.replace("\r\n\r\n", "\r\n" + field + "\r\n\r\n");
  }

  private void assertRefusedOnBothPorts(String request) throws Exception {
    assertThat(RawExchange.send(port, request, 1).statuses()).as("Tomcat").containsExactly(400);
    assertThat(RawExchange.send(front, request, 1).statuses()).as(request).containsExactly(400);
  }

  /**
   * The count of hot reads answered once it reached {@code before + requests} or stopped moving for
   * two seconds after its first move, within a minute.
   */
  private double answeredOnceStill(double before, int requests) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
    double seen = leanAnswered();
    long movedAt = System.nanoTime();
    while (System.nanoTime() < deadline && seen - before < requests) {
      Thread.sleep(50);
      double now = leanAnswered();
      if (now != seen) {
        seen = now;
        movedAt = System.nanoTime();
      } else if (seen > before && System.nanoTime() - movedAt > TimeUnit.SECONDS.toNanos(2)) {
        break;
      }
    }
    return seen;
  }

  private double leanAnswered() {
    return meters.find("dugout.http.lean.requests").tag("outcome", "answered").counters().stream()
        .mapToDouble(Counter::count)
        .sum();
  }

  private double relayed() {
    return meters.get("dugout.realtime.netty.relayed").functionCounter().count();
  }

  private static void write(Socket socket, byte[] bytes) {
    try {
      socket.getOutputStream().write(bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
