package io.dugout.moderation;

import static io.dugout.api.ApiAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.cluster.kafka.TestCluster;
import io.dugout.realtime.StompTestClient;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Moderation taken through one cluster node holds on the very next send through another: mutes,
 * freezes and bans are read from MongoDB, slow mode's intervals from Redis, and the audit log of
 * either node holds the actions of both.
 */
class ClusterModerationTests {

  @Test
  void actionsThroughOneNodeHoldOnTheNextSendThroughAnother() {
    try (var cluster = new TestCluster()) {
      var a = cluster.start();
      var b = cluster.start();
      cluster.awaitBalanced();
      String owner = "owner-c";
      String member = "member-c";
      var created =
          a.client()
              .postJson(
                  a.client().token(owner),
                  "/api/v1/rooms",
                  Map.of("type", "GROUP", "title", "c", "memberIds", List.of(member)));
      assertThat(created.status()).as(created.toString()).isEqualTo(201);
      String roomId = created.text("id");
      String rooms = "/api/v1/rooms/" + roomId;

      try (var memberOnB = StompTestClient.connect(b.port(), b.client().token(member))) {
        memberOnB.subscribeAndWait("e", "/user/queue/errors");
        ModeratedStompSendTests.send(memberOnB, roomId, "c-1");
        assertThat(ModeratedStompSendTests.outcome(memberOnB, "c-1").command())
            .isEqualTo("RECEIPT");

        assertThat(
                a.client()
                    .send("PUT", a.client().token(owner), rooms + "/mutes/" + member, null)
                    .status())
            .isEqualTo(200);
        ModeratedStompSendTests.send(memberOnB, roomId, "c-2");
        assertThat(ModeratedStompSendTests.error(memberOnB, "c-2").get("code").asString())
            .isEqualTo("muted");
        b.client().delete(b.client().token(owner), rooms + "/mutes/" + member);

        a.client().send("PUT", a.client().token(owner), rooms + "/freeze", null);
        ModeratedStompSendTests.send(memberOnB, roomId, "c-3");
        assertThat(ModeratedStompSendTests.error(memberOnB, "c-3").get("code").asString())
            .isEqualTo("frozen");
        a.client().delete(a.client().token(owner), rooms + "/freeze");

        b.client().send("PUT", b.client().token(owner), rooms + "/slow-mode", "{\"seconds\":60}");
        var first = say(a, member, roomId, "c-4");
        assertThat(first.status()).as(first.toString()).isEqualTo(201);
        ModeratedStompSendTests.send(memberOnB, roomId, "c-5");
        assertThat(ModeratedStompSendTests.error(memberOnB, "c-5").get("code").asString())
            .as("the interval started through A holds through B")
            .isEqualTo("slow_mode");
        a.client().delete(a.client().token(owner), rooms + "/slow-mode");
      }

      assertThat(
              a.client()
                  .send("PUT", a.client().token(owner), rooms + "/bans/" + member, null)
                  .status())
          .isEqualTo(204);
      assertProblem(say(b, member, roomId, "c-6"), 403, "forbidden");
      assertProblem(
          b.client()
              .postJson(b.client().token(owner), rooms + "/members", Map.of("userId", member)),
          403,
          "banned_from_room");

      var audit =
          b.client().get(b.client().serviceToken("backend"), "/api/v1/audit?roomId=" + roomId);
      assertThat(audit.json().get("entries").findValuesAsString("action"))
          .containsExactly(
              "room.member.banned",
              "room.slow_mode.cleared",
              "room.slow_mode.set",
              "room.unfrozen",
              "room.frozen",
              "room.member.unmuted",
              "room.member.muted");
    }
  }

  private static io.dugout.api.ApiResponse say(
      TestCluster.Node node, String userId, String roomId, String clientMsgId) {
    return node.client()
        .postJson(
            node.client().token(userId),
            "/api/v1/rooms/" + roomId + "/messages",
            Map.of("clientMsgId", clientMsgId, "kind", "TEXT", "content", "x"));
  }
}
