package io.dugout.transport.tomcat;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.RawHttp;
import io.dugout.realtime.RealtimeTestBase;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * WebSocket handshakes through {@link HandshakeFilter}, and every other request to {@code /ws}
 * through the full chain, over real HTTP.
 */
class HandshakeFilterTests extends RealtimeTestBase {

  @Autowired MeterRegistry meters;

  @Test
  void aHandshakeIsAnsweredByTheDoorAndTheSessionWorks() {
    double before = count("answered");
    long timed = timed("101");
    var alice = connect("alice");
    String roomId = groupOf("alice");
    alice.subscribeAndWait("s1", "/topic/rooms." + roomId);
    alice.sendJson("/app/rooms." + roomId + ".messages", text("m1", "through the door"), "r1");

    var own = json(alice.await(f -> f.command().equals("MESSAGE")));
    assertThat(own.get("content").asString()).isEqualTo("through the door");
    assertThat(count("answered")).isEqualTo(before + 1);
    assertThat(timed("101")).as("timed into http.server.requests by the door").isEqualTo(timed + 1);
  }

  @Test
  void aPlainGetGoesThroughTheFullChainAndIsRefusedAsBefore() {
    double passed = count("passed");
    double answered = count("answered");
    var plain = new RawHttp(port).send("GET", "/ws", Map.of(), null);

    assertThat(plain.status()).isEqualTo(400);
    assertThat(count("passed")).isEqualTo(passed + 1);
    assertThat(count("answered")).isEqualTo(answered);
  }

  @Test
  void anUpgradeWithoutAKeyIsRefusedByTheHandshakeHandler() {
    double answered = count("answered");
    var broken =
        new RawHttp(port)
            .send(
                "GET",
                "/ws",
                Map.of(
                    "Upgrade", "websocket", "Connection", "Upgrade", "Sec-WebSocket-Version", "13"),
                null);

    assertThat(broken.status()).isEqualTo(400);
    assertThat(count("answered")).isEqualTo(answered + 1);
  }

  @Test
  void anUpgradeWhoseQueryIsNoUriIsRefusedAsTheClientsMistake() {
    double answered = count("answered");
    var broken =
        new RawHttp(port)
            .send(
                "GET",
                "/ws?x=1%",
                Map.of(
                    "Upgrade",
                    "websocket",
                    "Connection",
                    "Upgrade",
                    "Sec-WebSocket-Key",
                    "dGhlIHNhbXBsZSBub25jZQ==",
                    "Sec-WebSocket-Version",
                    "13"),
                null);

    assertThat(broken.status()).isEqualTo(400);
    assertThat(count("answered")).isEqualTo(answered + 1);
  }

  @Test
  void aPostWithAnUpgradeHeaderIsLeftToTheFullChain() {
    double passed = count("passed");
    var post = new RawHttp(port).send("POST", "/ws", Map.of("Upgrade", "websocket"), new byte[0]);

    assertThat(post.status()).isGreaterThanOrEqualTo(400);
    assertThat(count("passed")).isEqualTo(passed + 1);
  }

  private long timed(String status) {
    var timer =
        meters
            .find("http.server.requests")
            .tags("method", "GET", "uri", "/ws", "status", status)
            .timer();
    return timer == null ? 0 : timer.count();
  }

  private double count(String outcome) {
    return meters
        .get("dugout.http.lean.requests")
        .tag("route", "/ws")
        .tag("outcome", outcome)
        .counter()
        .count();
  }
}
