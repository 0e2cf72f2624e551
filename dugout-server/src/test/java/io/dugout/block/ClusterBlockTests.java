package io.dugout.block;

import static io.dugout.api.ApiAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.cluster.kafka.TestCluster;
import io.dugout.realtime.StompTestClient;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A block written through one cluster node is enforced by the very next send through another: no
 * node answers from a copy of the block list that the write could have left stale.
 */
class ClusterBlockTests {

  @Test
  void aBlockWrittenThroughOneNodeRefusesTheNextSendThroughAnother() {
    try (var cluster = new TestCluster()) {
      var a = cluster.start();
      var b = cluster.start();
      cluster.awaitBalanced();
      String aliceOnA = a.client().token("alice");
      var created =
          b.client()
              .postJson(
                  b.client().token("bob"),
                  "/api/v1/rooms",
                  Map.of("type", "DIRECT", "memberIds", java.util.List.of("alice")));
      assertThat(created.status()).as(created.toString()).isIn(200, 201);
      String roomId = created.text("id");

      try (var bobOnB = StompTestClient.connect(b.port(), b.client().token("bob"))) {
        bobOnB.subscribeAndWait("e", "/user/queue/errors");
        BlockedStompSendTests.send(bobOnB, roomId, "c-1");
        assertThat(BlockedStompSendTests.outcome(bobOnB, "c-1").command()).isEqualTo("RECEIPT");

        var blocked = a.client().send("PUT", aliceOnA, "/api/v1/users/me/blocks/bob", null);
        assertThat(blocked.status()).isEqualTo(204);

        BlockedStompSendTests.send(bobOnB, roomId, "c-2");
        assertThat(BlockedStompSendTests.outcome(bobOnB, "c-2").body())
            .contains("\"code\":\"blocked\"");
        assertProblem(
            b.client()
                .postJson(
                    b.client().token("bob"),
                    "/api/v1/rooms/" + roomId + "/messages",
                    Map.of("clientMsgId", "c-3", "kind", "TEXT", "content", "x")),
            403,
            "blocked");

        assertThat(
                b.client()
                    .delete(b.client().token("alice"), "/api/v1/users/me/blocks/bob")
                    .status())
            .isEqualTo(204);
        BlockedStompSendTests.send(bobOnB, roomId, "c-4");
        assertThat(BlockedStompSendTests.outcome(bobOnB, "c-4").command())
            .as("unblocked through the other node")
            .isEqualTo("RECEIPT");
      }
    }
  }
}
