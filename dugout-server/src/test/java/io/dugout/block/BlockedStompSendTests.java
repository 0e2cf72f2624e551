package io.dugout.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.ApiTest;
import io.dugout.realtime.StompTestClient;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A block taken while the blocked user's STOMP session is open refuses their very next send. */
class BlockedStompSendTests extends ApiTest {

  @Test
  void refusesTheNextStompSendOfAnOpenSessionOnceTheOtherMemberBlocks() {
    String aliceId = user("alice");
    String bobId = user("bob");
    String roomId = direct(client.token(bobId), aliceId);

    try (var bob = StompTestClient.connect(wsPort(), client.token(bobId))) {
      bob.subscribeAndWait("e", "/user/queue/errors");
      send(bob, roomId, "c-1");
      assertThat(outcome(bob, "c-1").command()).isEqualTo("RECEIPT");

      var blocked =
          client.send("PUT", client.token(aliceId), "/api/v1/users/me/blocks/" + bobId, null);
      assertThat(blocked.status()).isEqualTo(204);

      send(bob, roomId, "c-2");
      var refused = outcome(bob, "c-2");
      assertThat(refused.command()).isEqualTo("MESSAGE");
      assertThat(refused.body()).contains("\"code\":\"blocked\"");

      client.delete(client.token(aliceId), "/api/v1/users/me/blocks/" + bobId);
      send(bob, roomId, "c-3");
      assertThat(outcome(bob, "c-3").command()).as("unblocked").isEqualTo("RECEIPT");
    }
    var history = client.get(client.token(aliceId), "/api/v1/rooms/" + roomId + "/messages");
    assertThat(history.json().get("messages").findValuesAsString("clientMsgId"))
        .containsExactly("c-3", "c-1");
  }

  static void send(StompTestClient stomp, String roomId, String id) {
    stomp.sendJson(
        "/app/rooms." + roomId + ".messages",
        "{\"clientMsgId\":\"" + id + "\",\"kind\":\"TEXT\",\"content\":\"x\"}",
        id);
  }

  /** The send's RECEIPT, or the error MESSAGE that names its receipt. */
  static StompTestClient.Frame outcome(StompTestClient stomp, String id) {
    return stomp.await(
        f ->
            id.equals(f.header("receipt-id"))
                || (f.command().equals("MESSAGE")
                    && f.body().contains("\"receipt\":\"" + id + "\"")),
        Duration.ofSeconds(20));
  }
}
