package io.dugout.transport.tomcat;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.LocalAddresses;
import io.dugout.realtime.RealtimeTestBase;
import io.dugout.realtime.StompTestClient;
import io.dugout.realtime.Subscriptions;
import io.dugout.transport.netty.NettyListener;
import io.dugout.transport.netty.NettyLoops;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.test.context.TestPropertySource;

/**
 * {@code dugout.listener.mode=tomcat} leaves Tomcat alone on the HTTP port, as before the listener:
 * no listener, no event loops, REST and STOMP at {@code /ws} both on Tomcat's port, which listens
 * on every interface. (The server's default, the listener in front, is what every other test
 * context runs with; the suites reach Tomcat's {@code /ws} there through Tomcat's own port.)
 */
@TestPropertySource(properties = "dugout.listener.mode=tomcat")
class TomcatAloneTests extends RealtimeTestBase {

  @Autowired ApplicationContext context;
  @Autowired Environment environment;
  @Autowired Subscriptions subscriptions;

  @Test
  void servesRestAndStompOnTomcatsPortWithoutTheListener() {
    assertThat(context.getBeanNamesForType(NettyLoops.class)).isEmpty();
    assertThat(context.getBeanNamesForType(NettyListener.class)).isEmpty();
    assertThat(environment.getProperty(NettyListener.PORT_PROPERTY)).isNull();
    assertThat(wsPort()).isEqualTo(port);

    String room = groupOf("alice", "bob");
    var bob = adopt(StompTestClient.connect(port, token("bob")));
    bob.subscribeAndWait("b", "/topic/rooms." + room);
    assertThat(subscriptions.ofUser("bob"))
        .singleElement()
        .satisfies(session -> assertThat(session.id()).doesNotStartWith("n"));
    post(token("alice"), "/api/v1/rooms/" + room + "/messages", text("c-1", "on tomcat"));

    assertThat(json(bob.await(frame -> frame.command().equals("MESSAGE"))).get("content").asText())
        .isEqualTo("on tomcat");
  }

  @Test
  void tomcatListensOnEveryInterface() throws Exception {
    Optional<InetAddress> outside = LocalAddresses.nonLoopback();
    Assumptions.assumeTrue(outside.isPresent(), "this host has no address but loopback");

    try (var socket = new Socket()) {
      socket.connect(new InetSocketAddress(outside.get(), port), 5_000);
      assertThat(socket.isConnected()).isTrue();
    }
  }
}
