package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.ClientPath;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.annotation.DirtiesContext;

/**
 * Health during a graceful shutdown: the moment the node starts closing sessions it reports itself
 * not ready, so a load balancer stops sending it clients, while liveness stays UP so nothing kills
 * it before it has finished.
 */
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
@ClientPath.EveryPath
class ShutdownReadinessTests extends RealtimeTestBase {

  @Autowired SessionKeeper keeper;
  @Autowired Subscriptions subscriptions;

  /**
   * why: the context is shared by both client paths; a test that fails mid-way must not leave the
   * node stopped for the next.
   */
  @AfterEach
  void startAgain() {
    if (!keeper.isRunning()) {
      keeper.start();
    }
  }

  @Test
  void readinessGoesOutOfServiceWhenShutdownBeginsAndLivenessStaysUp() {
    var ready = client.get(null, "/actuator/health/readiness");
    assertThat(ready.status()).isEqualTo(200);
    assertThat(ready.text("status")).isEqualTo("UP");
    var stomp = connect(user("carol"));

    keeper.stop();

    var notReady = client.get(null, "/actuator/health/readiness");
    assertThat(notReady.status()).isEqualTo(503);
    assertThat(notReady.text("status")).isEqualTo("OUT_OF_SERVICE");
    var live = client.get(null, "/actuator/health/liveness");
    assertThat(live.status()).isEqualTo(200);
    assertThat(live.text("status")).isEqualTo("UP");
    assertThat(stomp.awaitClose()).isEqualTo(1001);
  }

  @Test
  void stopReturnsOnlyOnceEveryCloseFrameIsWritten() {
    var users = java.util.stream.IntStream.range(0, 20).mapToObj(i -> user("u" + i)).toList();
    var connected = users.stream().map(this::connect).toList();
    // why only these: the server is shared with other tests, whose sessions may still be ending
    // on their own (closed by their client, so no close frame of ours is owed to them)
    var sessions =
        subscriptions.sessions().stream()
            .filter(s -> s.caller() != null && users.contains(s.caller().userId()))
            .toList();
    assertThat(sessions).hasSize(connected.size());

    keeper.stop();

    // the web server stops right after this phase: a close not yet written would reach the
    // client as an abnormal closure
    assertThat(sessions).allMatch(ClientSession::closeSent);
    for (var stomp : connected) {
      assertThat(stomp.awaitClose()).isEqualTo(1001);
    }
  }

  @Test
  void takesTrafficAgainWhenStartedAfterAStop() {
    keeper.stop();
    assertThat(client.get(null, "/actuator/health/readiness").status()).isEqualTo(503);
    keeper.start();
    var ready = client.get(null, "/actuator/health/readiness");
    assertThat(ready.status()).isEqualTo(200);
    assertThat(ready.text("status")).isEqualTo("UP");
  }

  @Test
  void readinessIncludesTheStore() {
    var ready = client.get(null, "/actuator/health/readiness");
    assertThat(ready.json().at("/components/store/status").asString()).isEqualTo("UP");
  }
}
