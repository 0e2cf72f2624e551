package io.dugout.transport.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.realtime.RealtimeTestBase;
import io.dugout.realtime.StompTestClient;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.Socket;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.test.context.TestPropertySource;

/**
 * The Netty listener keeps at most {@code max-connections} connections open: one more is closed
 * unanswered and counted, the connection it keeps is served as before, and a slot freed by a close
 * takes the next connection.
 */
@TestPropertySource(
    properties = {
      "dugout.listener.mode=separate",
      "dugout.realtime.netty.port=0",
      "dugout.realtime.netty.max-connections=1"
    })
class NettyConnectionCapTests extends RealtimeTestBase {

  @Autowired MeterRegistry registry;

  @Value("${local.dugout.realtime.netty.port}")
  int netty;

  @Test
  void refusesAConnectionAboveTheCapAndTakesOneOnceASlotIsFree() throws Exception {
    String room = groupOf("alice", "bob");
    var alice = StompTestClient.connect(netty, token("alice"));
    double refusedBefore = refused();

    try (var extra = new Socket("localhost", netty)) {
      extra.setSoTimeout(10_000);
      assertThat(extra.getInputStream().read()).isEqualTo(-1);
    }
    assertThat(refused()).isEqualTo(refusedBefore + 1);

    alice.subscribeAndWait("a", "/topic/rooms." + room);
    alice.send(
        "SEND",
        Map.of("destination", "/app/rooms." + room + ".messages", "receipt", "r-1"),
        text("c-1", "still served"));
    alice.await(frame -> "r-1".equals(frame.header("receipt-id")));

    alice.close();
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (openConnections() > 0 && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    var bob = adopt(StompTestClient.connect(netty, token("bob")));
    bob.subscribeAndWait("b", "/topic/rooms." + room);
    assertThat(refused()).isEqualTo(refusedBefore + 1);
  }

  private double refused() {
    return registry.get("dugout.realtime.netty.refused").functionCounter().count();
  }

  private double openConnections() {
    return registry.get("dugout.realtime.netty.connections").gauge().value();
  }
}
