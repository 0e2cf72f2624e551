package io.dugout.transport.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.LocalAddresses;
import io.dugout.api.DugoutClient;
import io.dugout.realtime.RealtimeTestBase;
import io.dugout.realtime.StompTestClient;
import io.dugout.realtime.Subscriptions;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.test.context.TestPropertySource;

/**
 * With the listener in front, one port serves everything: STOMP at {@code /ws} and the hot reads on
 * the listener, every other request relayed to Tomcat, which listens on loopback only; and Tomcat's
 * "is the caller on this machine" sees the relayed client, not the relay.
 */
@TestPropertySource(properties = "dugout.listener.mode=front")
class FrontEndToEndTests extends RealtimeTestBase {

  private static final String DEV_TOKEN =
      "POST /api/v1/dev/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
          + "Content-Length: 18\r\nConnection: close\r\n\r\n{\"userId\":\"carol\"}";

  @Autowired Subscriptions subscriptions;
  @Autowired MeterRegistry meters;

  @Value("${local.dugout.realtime.netty.port}")
  int front;

  @Test
  void servesRestAndStompOnOnePort() throws Exception {
    var api = DugoutClient.onPort(front);
    String alice = api.token("alice");
    String room = group(alice, "one port", "bob");
    var bob = adopt(StompTestClient.connect(front, api.token("bob")));
    bob.subscribeAndWait("b", "/topic/rooms." + room);
    assertThat(subscriptions.ofUser("bob"))
        .isNotEmpty()
        .allSatisfy(s -> assertThat(s.id()).startsWith("n"));

    var posted = api.post(alice, "/api/v1/rooms/" + room + "/messages", text("c-1", "relayed"));
    assertThat(posted.status()).isEqualTo(201);
    assertThat(json(bob.await(frame -> frame.command().equals("MESSAGE"))).get("content").asText())
        .isEqualTo("relayed");

    var history = api.get(alice, "/api/v1/rooms/" + room + "/messages?limit=10");
    assertThat(history.status()).isEqualTo(200);
    assertThat(history.json().get("messages").get(0).get("content").asText()).isEqualTo("relayed");
  }

  @Test
  void answersSeveralRequestsOnOneKeptAliveConnection() throws Exception {
    String health = "GET /actuator/health HTTP/1.1\r\nHost: x\r\n\r\n";
    String last = "GET /actuator/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";

    String answers = exchange(InetAddress.getLoopbackAddress(), health + health + last);

    assertThat(answers.split("HTTP/1.1 200 ", -1)).hasSize(4);
  }

  @Test
  void answersHotReadsOnTheFrontWithTheBytesTomcatAnswers() throws Exception {
    var api = DugoutClient.onPort(front);
    String alice = api.token("alice");
    String room = group(alice, "hot reads", "bob");
    for (int i = 0; i < 3; i++) {
      api.post(alice, "/api/v1/rooms/" + room + "/messages", text("h-" + i, "page " + i));
    }
    String history = "/api/v1/rooms/" + room + "/messages?limit=2";
    double answeredBefore = leanAnswered() + 1;
    var direct = DugoutClient.onPort(port).get(alice, history);
    assertLeanAnswered(answeredBefore);
    double relayedBefore = relayed();

    try (var socket = new Socket(InetAddress.getLoopbackAddress(), front)) {
      socket.setSoTimeout(10_000);
      String get = "GET " + history + " HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + alice;
      String enter = "POST /api/v1/rooms/" + room + "/enter HTTP/1.1\r\nHost: x\r\n";
      // why: three requests in one write, as a pipelining client sends them
      write(
          socket,
          get
              + "\r\n\r\n"
              + enter
              + "Authorization: Bearer "
              + alice
              + "\r\n\r\n"
              + get
              + "\r\n\r\n");
      var in = socket.getInputStream();
      var first = Response.read(in);
      var entered = Response.read(in);
      var third = Response.read(in);

      assertThat(first.status()).isEqualTo(200);
      assertThat(first.body()).isEqualTo(direct.body());
      assertThat(first.header("content-type")).isEqualTo("application/json");
      assertThat(first.header("x-frame-options")).isEqualTo("DENY");
      assertThat(entered.status()).isEqualTo(200);
      assertThat(JSON.readTree(entered.body()).get("room").get("id").asText()).isEqualTo(room);
      assertThat(third.body()).isEqualTo(direct.body());
    }
    assertThat(relayed()).as("no connection went to Tomcat").isEqualTo(relayedBefore);
    assertLeanAnswered(answeredBefore + 3);
  }

  @Test
  void errorsOnHotRoutesAndTheRequestsAfterThemAreTomcats() throws Exception {
    var api = DugoutClient.onPort(front);
    String alice = api.token("alice");
    String room = group(alice, "not carol's", "bob");
    String history = "/api/v1/rooms/" + room + "/messages";
    var direct = DugoutClient.onPort(port).get(api.token("carol"), history);
    assertThat(direct.status()).isEqualTo(403);
    double relayedBefore = relayed();

    try (var socket = new Socket(InetAddress.getLoopbackAddress(), front)) {
      socket.setSoTimeout(10_000);
      String head = "GET " + history + " HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ";
      write(socket, head + api.token("carol") + "\r\n\r\n" + head + alice + "\r\n\r\n");
      var in = socket.getInputStream();
      var refused = Response.read(in);
      var answered = Response.read(in);

      assertThat(refused.status()).isEqualTo(403);
      assertThat(JSON.readTree(refused.body()).get("title"))
          .isEqualTo(JSON.readTree(direct.body()).get("title"));
      assertThat(answered.status()).isEqualTo(200);
    }
    assertThat(relayed()).as("the connection went to Tomcat").isEqualTo(relayedBefore + 1);
  }

  @Test
  void tomcatListensOnLoopbackOnly() {
    assertThat(front).isNotEqualTo(port);
    Optional<InetAddress> outside = LocalAddresses.nonLoopback();
    Assumptions.assumeTrue(outside.isPresent(), "this host has no address but loopback");

    assertThatThrownBy(() -> new Socket(outside.get(), port).close())
        .isInstanceOf(ConnectException.class);
  }

  @Test
  void devTokensStayForCallersOnThisMachineThroughTheRelay() throws Exception {
    assertThat(exchange(InetAddress.getLoopbackAddress(), DEV_TOKEN)).startsWith("HTTP/1.1 200");

    Optional<InetAddress> outside = LocalAddresses.nonLoopback();
    Assumptions.assumeTrue(outside.isPresent(), "this host has no address but loopback");
    // why: from the host's own outside address the caller is not loopback, though Tomcat's TCP
    // peer, the relay, is
    assertThat(exchange(outside.get(), DEV_TOKEN)).startsWith("HTTP/1.1 404");
  }

  private double relayed() {
    return meters.get("dugout.realtime.netty.relayed").functionCounter().count();
  }

  /**
   * Asserts that the fast path's count of answered requests reaches {@code expected} and is exactly
   * that: a door counts a request after writing its answer, so a client may read the answer a
   * moment before the count moves.
   */
  private void assertLeanAnswered(double expected) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (leanAnswered() < expected && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(leanAnswered()).isEqualTo(expected);
  }

  private double leanAnswered() {
    return meters.find("dugout.http.lean.requests").tag("outcome", "answered").counters().stream()
        .mapToDouble(Counter::count)
        .sum();
  }

  private static void write(Socket socket, String text) throws IOException {
    socket.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
  }

  /** One HTTP/1.1 response, read off a kept-alive connection. */
  private record Response(int status, Map<String, String> headers, String body) {

    static Response read(InputStream in) throws IOException {
      var head = new StringBuilder();
      while (!head.toString().endsWith("\r\n\r\n")) {
        int b = in.read();
        if (b < 0) {
          throw new EOFException("connection closed after: " + head);
        }
        head.append((char) b);
      }
      String[] lines = head.toString().split("\r\n");
      var headers = new HashMap<String, String>();
      for (int i = 1; i < lines.length; i++) {
        int colon = lines[i].indexOf(':');
        headers.put(
            lines[i].substring(0, colon).toLowerCase(Locale.ROOT),
            lines[i].substring(colon + 1).strip());
      }
      byte[] body =
          "chunked".equals(headers.get("transfer-encoding"))
              ? chunked(in)
              : in.readNBytes(Integer.parseInt(headers.get("content-length")));
      return new Response(
          Integer.parseInt(lines[0].split(" ")[1]),
          headers,
          new String(body, StandardCharsets.UTF_8));
    }

    String header(String name) {
      return headers.get(name);
    }

    private static byte[] chunked(InputStream in) throws IOException {
      var body = new java.io.ByteArrayOutputStream();
      while (true) {
        int size = Integer.parseInt(line(in), 16);
        body.writeBytes(in.readNBytes(size));
        line(in);
        if (size == 0) {
          return body.toByteArray();
        }
      }
    }

    private static String line(InputStream in) throws IOException {
      var line = new StringBuilder();
      for (int b = in.read(); b != '\n'; b = in.read()) {
        if (b < 0) {
          throw new EOFException("connection closed in a chunked body");
        }
        line.append((char) b);
      }
      return line.toString().strip();
    }
  }

  private String exchange(InetAddress from, String request) throws IOException {
    try (var socket = new Socket()) {
      socket.bind(new InetSocketAddress(from, 0));
      socket.connect(new InetSocketAddress(from, front));
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
