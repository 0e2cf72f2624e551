package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.api.DugoutClient;
import java.io.IOException;
import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.test.context.TestPropertySource;

/**
 * With the listener in front, one port serves everything: STOMP at {@code /ws} on the listener,
 * every other request relayed to Tomcat, which listens on loopback only; and Tomcat's "is the
 * caller on this machine" sees the relayed client, not the relay.
 */
@TestPropertySource(properties = "dugout.realtime.netty.front=true")
class FrontDoorEndToEndTests extends RealtimeTestBase {

  private static final String DEV_TOKEN =
      "POST /api/v1/dev/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
          + "Content-Length: 18\r\nConnection: close\r\n\r\n{\"userId\":\"carol\"}";

  @Autowired Subscriptions subscriptions;

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
  void tomcatListensOnLoopbackOnly() {
    assertThat(front).isNotEqualTo(port);
    Optional<InetAddress> outside = nonLoopbackAddress();
    Assumptions.assumeTrue(outside.isPresent(), "this host has no address but loopback");

    assertThatThrownBy(() -> new Socket(outside.get(), port).close())
        .isInstanceOf(ConnectException.class);
  }

  @Test
  void devTokensStayForCallersOnThisMachineThroughTheRelay() throws Exception {
    assertThat(exchange(InetAddress.getLoopbackAddress(), DEV_TOKEN)).startsWith("HTTP/1.1 200");

    Optional<InetAddress> outside = nonLoopbackAddress();
    Assumptions.assumeTrue(outside.isPresent(), "this host has no address but loopback");
    // why: from the host's own outside address the caller is not loopback, though Tomcat's TCP
    // peer, the relay, is
    assertThat(exchange(outside.get(), DEV_TOKEN)).startsWith("HTTP/1.1 404");
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

  private static Optional<InetAddress> nonLoopbackAddress() {
    try {
      return NetworkInterface.networkInterfaces()
          .filter(FrontDoorEndToEndTests::isUp)
          .flatMap(NetworkInterface::inetAddresses)
          .filter(address -> address instanceof Inet4Address && !address.isLoopbackAddress())
          .findFirst();
    } catch (SocketException e) {
      return Optional.empty();
    }
  }

  private static boolean isUp(NetworkInterface network) {
    try {
      return network.isUp() && !network.isLoopback();
    } catch (SocketException e) {
      return false;
    }
  }
}
