package io.dugout.moderation;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.ApiTest;
import io.dugout.realtime.StompTestClient;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A GROUP room's moderation refuses STOMP sends with the codes and details REST gives. */
class ModeratedStompSendTests extends ApiTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

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

  /** The error the send was refused with. */
  static JsonNode error(StompTestClient stomp, String id) {
    var frame = outcome(stomp, id);
    assertThat(frame.command()).as("refused: %s", frame.body()).isEqualTo("MESSAGE");
    return JSON.readTree(frame.body());
  }

  private void act(String method, String ownerId, String roomId, String path, Object body) {
    var response =
        client.send(
            method,
            client.token(ownerId),
            "/api/v1/rooms/" + roomId + path,
            body == null ? null : JSON.writeValueAsString(body));
    assertThat(response.status()).as("%s", response).isIn(200, 204);
  }

  @Test
  void refusesAMutedFrozenOrTooEarlySendOverStompAndLetsItThroughAfter() {
    String ownerId = user("owner");
    String memberId = user("member");
    String roomId = group(client.token(ownerId), "stomp", memberId);

    try (var member = StompTestClient.connect(wsPort(), client.token(memberId))) {
      member.subscribeAndWait("e", "/user/queue/errors");
      send(member, roomId, "c-1");
      assertThat(outcome(member, "c-1").command()).isEqualTo("RECEIPT");

      act("PUT", ownerId, roomId, "/mutes/" + memberId, Map.of("seconds", 600));
      send(member, roomId, "c-2");
      var muted = error(member, "c-2");
      assertThat(muted.get("code").asString()).isEqualTo("muted");
      assertThat(Instant.parse(muted.get("until").asString())).isAfter(Instant.now());
      act("DELETE", ownerId, roomId, "/mutes/" + memberId, null);

      act("PUT", ownerId, roomId, "/freeze", null);
      send(member, roomId, "c-3");
      assertThat(error(member, "c-3").get("code").asString()).isEqualTo("frozen");
      act("DELETE", ownerId, roomId, "/freeze", null);

      act("PUT", ownerId, roomId, "/slow-mode", Map.of("seconds", 60));
      send(member, roomId, "c-4");
      assertThat(outcome(member, "c-4").command()).isEqualTo("RECEIPT");
      send(member, roomId, "c-5");
      var slow = error(member, "c-5");
      assertThat(slow.get("code").asString()).isEqualTo("slow_mode");
      assertThat(slow.get("retryAfter").asLong()).isBetween(1L, 60L);
      act("DELETE", ownerId, roomId, "/slow-mode", null);

      send(member, roomId, "c-6");
      assertThat(outcome(member, "c-6").command()).isEqualTo("RECEIPT");
    }
    var history =
        client.get(client.token(ownerId), "/api/v1/rooms/" + roomId + "/messages?limit=100");
    assertThat(history.json().get("messages").findValuesAsString("clientMsgId"))
        .filteredOn(id -> id.startsWith("c-"))
        .containsExactly("c-6", "c-4", "c-1");
  }
}
