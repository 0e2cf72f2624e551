package io.dugout.ban;

import static io.dugout.api.ApiAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.cluster.kafka.TestCluster;
import io.dugout.realtime.StompTestClient;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * A ban written through one cluster node ends the user's sessions on another within seconds, and
 * every node refuses the user's calls and connects until an unban through any node.
 */
class ClusterBanTests {

  @Test
  void aBanThroughOneNodeEndsTheSessionOnAnotherAndRefusesItsCalls() {
    try (var cluster = new TestCluster()) {
      var a = cluster.start();
      var b = cluster.start();
      cluster.awaitBalanced();
      String malloryOnB = b.client().token("mallory");
      assertThat(b.client().get(malloryOnB, "/api/v1/rooms").status()).isEqualTo(200);

      try (var session = StompTestClient.connect(b.port(), malloryOnB)) {
        var banned =
            a.client()
                .send(
                    "PUT",
                    a.client().serviceToken("backend"),
                    "/api/v1/users/mallory/ban",
                    "{\"reason\":\"scam\"}");
        assertThat(banned.status()).isEqualTo(200);

        var error = session.await(f -> f.command().equals("ERROR"), Duration.ofSeconds(5));
        assertThat(error.header("code")).isEqualTo("banned");
        session.awaitClose(Duration.ofSeconds(5));
      }
      assertProblem(b.client().get(malloryOnB, "/api/v1/rooms"), 403, "banned");
      try (var refused = StompTestClient.open(b.port())) {
        refused.sendRaw(
            "CONNECT\naccept-version:1.2\nhost:localhost\nAuthorization:Bearer "
                + malloryOnB
                + "\n\n\0");
        assertThat(
                refused
                    .await(f -> f.command().equals("ERROR"), Duration.ofSeconds(10))
                    .header("code"))
            .isEqualTo("banned");
      }

      assertThat(
              a.client()
                  .delete(a.client().serviceToken("backend"), "/api/v1/users/mallory/ban")
                  .status())
          .isEqualTo(204);
      Waits.until(
          () -> b.client().get(malloryOnB, "/api/v1/rooms").status() == 200,
          Duration.ofSeconds(10),
          "node B to hear of the unban");
      try (var again = StompTestClient.connect(b.port(), malloryOnB)) {
        assertThat(again.isClosed()).isFalse();
      }
    }
  }

  @Test
  void aNodeThatMissedTheBroadcastEndsTheSessionWithinItsCacheTtl() {
    try (var cluster = new TestCluster()) {
      var a = cluster.start("--dugout.bans.cache-ttl=1s");
      var b = cluster.start("--dugout.bans.cache-ttl=1s");
      cluster.awaitBalanced();
      String trudyOnB = b.client().token("trudy");

      try (var session = StompTestClient.connect(b.port(), trudyOnB)) {
        // why: written to the store alone, as if the broadcast of the ban had been lost
        a.context()
            .getBean(BanStore.class)
            .put(new Ban("trudy", "spam", "backend", Instant.now(), null));

        var error = session.await(f -> f.command().equals("ERROR"), Duration.ofSeconds(10));
        assertThat(error.header("code")).isEqualTo("banned");
        session.awaitClose(Duration.ofSeconds(5));
      }
      assertProblem(b.client().get(trudyOnB, "/api/v1/rooms"), 403, "banned");
    }
  }
}
