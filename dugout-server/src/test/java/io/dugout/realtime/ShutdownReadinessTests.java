package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.ClientPath;
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
