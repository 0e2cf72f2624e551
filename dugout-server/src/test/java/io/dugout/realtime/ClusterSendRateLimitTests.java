package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.cluster.kafka.TestCluster;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A user's STOMP send rate limit holds across cluster nodes: sessions of one user on two nodes
 * share one allowance (a bucket in Redis), where two per-node buckets would let through twice the
 * burst.
 */
class ClusterSendRateLimitTests {

  private static final int BURST = 5;
  private static final int SENDS_PER_NODE = 8;

  @Test
  void oneUsersSessionsOnTwoNodesShareOneSendAllowance() {
    try (var cluster = new TestCluster()) {
      // why: a refill of one message per 20 s keeps the count exact for the test's few seconds
      String[] limits = {
        "--dugout.realtime.messages-per-second=0.05", "--dugout.realtime.message-burst=" + BURST
      };
      var a = cluster.start(limits);
      var b = cluster.start(limits);
      cluster.awaitBalanced();
      var created =
          a.client()
              .postJson(
                  a.client().token("alice"),
                  "/api/v1/rooms",
                  Map.of("type", "GROUP", "title", "t", "memberIds", List.of("bob")));
      assertThat(created.status()).as(created.toString()).isEqualTo(201);
      String room = created.text("id");

      try (var onA = StompTestClient.connect(a.port(), a.client().token("alice"));
          var onB = StompTestClient.connect(b.port(), b.client().token("alice"))) {
        onA.subscribeAndWait("e", "/user/queue/errors");
        onB.subscribeAndWait("e", "/user/queue/errors");
        int accepted = 0;
        int limited = 0;
        for (int i = 0; i < SENDS_PER_NODE; i++) {
          for (var stomp : List.of(onA, onB)) {
            String id = (stomp == onA ? "a" : "b") + i;
            stomp.sendJson(
                "/app/rooms." + room + ".messages",
                "{\"clientMsgId\":\"" + id + "\",\"kind\":\"TEXT\",\"content\":\"x\"}",
                id);
            var outcome =
                stomp.await(
                    f ->
                        id.equals(f.header("receipt-id"))
                            || (f.command().equals("MESSAGE")
                                && f.body().contains("\"receipt\":\"" + id + "\"")),
                    Duration.ofSeconds(20));
            if (outcome.command().equals("RECEIPT")) {
              accepted++;
            } else {
              assertThat(outcome.body()).contains("\"code\":\"rate_limited\"");
              limited++;
            }
          }
        }
        // one shared bucket: the burst, and at most one refill while the test runs
        assertThat(accepted).as("accepted over both nodes").isBetween(BURST, BURST + 1);
        assertThat(limited).isEqualTo(2 * SENDS_PER_NODE - accepted);
      }
    }
  }
}
