package io.dugout.block;

import static io.dugout.api.ApiAssertions.assertInvalid;
import static io.dugout.api.ApiAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.api.ApiResponse;
import io.dugout.api.ApiTest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Blocking over real HTTP: the block list, and what a block refuses and suppresses. */
class BlockApiTests extends ApiTest {

  private static final String MINE = "/api/v1/users/me/blocks";

  private ApiResponse block(String token, String userId) {
    return client.send("PUT", token, MINE + "/" + userId, null);
  }

  private ApiResponse unblock(String token, String userId) {
    return client.delete(token, MINE + "/" + userId);
  }

  private ApiResponse createDirect(String token, String other) {
    return client.postJson(
        token, "/api/v1/rooms", Map.of("type", "DIRECT", "memberIds", List.of(other)));
  }

  private ApiResponse createTrade(String buyerToken, String itemId, String sellerId) {
    return client.postJson(
        buyerToken,
        "/api/v1/rooms",
        Map.of(
            "type",
            "TRADE",
            "memberIds",
            List.of(sellerId),
            "trade",
            Map.of("itemId", itemId, "sellerId", sellerId)));
  }

  @Test
  void blocksAndUnblocksIdempotentlyAndListsTheBlocks() {
    String alice = client.token(user("alice"));
    String bob = user("bob");

    assertThat(block(alice, bob).snippet("blocks-put").status()).isEqualTo(204);
    assertThat(block(alice, bob).status()).isEqualTo(204);
    var listed = client.get(alice, MINE).snippet("blocks-list");
    assertThat(listed.status()).isEqualTo(200);
    assertThat(listed.json().get("blocks")).hasSize(1);
    assertThat(listed.json().get("blocks").get(0).get("userId").asString()).isEqualTo(bob);
    assertThat(listed.json().get("blocks").get(0).get("blockedAt").asString()).isNotEmpty();
    assertThat(listed.json().get("nextCursor").isNull()).isTrue();

    assertThat(unblock(alice, bob).snippet("blocks-delete").status()).isEqualTo(204);
    assertThat(unblock(alice, bob).status()).isEqualTo(204);
    assertThat(client.get(alice, MINE).json().get("blocks")).isEmpty();
  }

  @Test
  void pagesTheBlockListByCursor() {
    String alice = client.token(user("alice"));
    for (String name : List.of("u3", "u1", "u2")) {
      block(alice, "page-" + name);
    }

    var first = client.get(alice, MINE + "?limit=2").json();
    assertThat(first.get("blocks").findValuesAsString("userId"))
        .containsExactly("page-u1", "page-u2");
    String cursor = URLEncoder.encode(first.get("nextCursor").asString(), StandardCharsets.UTF_8);
    var second = client.get(alice, MINE + "?limit=2&cursor=" + cursor).json();
    assertThat(second.get("blocks").findValuesAsString("userId")).containsExactly("page-u3");
    assertThat(second.get("nextCursor").isNull()).isTrue();
    assertInvalid(client.get(alice, MINE + "?limit=0"), "limit");
  }

  @Test
  void refusesBlockingYourselfAnInvalidIdAndAnotherUsersList() {
    String aliceId = user("alice");
    String alice = client.token(aliceId);

    assertInvalid(block(alice, aliceId), "userId");
    assertInvalid(block(alice, "x".repeat(300)), "userId");
    assertProblem(
        client.send("PUT", alice, "/api/v1/users/" + user("bob") + "/blocks/" + user("c"), null),
        403,
        "forbidden");
  }

  @Test
  void aServiceTokenManagesAnyUsersBlocks() {
    String aliceId = user("alice");
    String bobId = user("bob");
    String service = client.serviceToken("backend");
    String path = "/api/v1/users/" + aliceId + "/blocks";

    assertThat(client.send("PUT", service, path + "/" + bobId, null).status()).isEqualTo(204);

    assertThat(client.get(client.token(aliceId), MINE).json().get("blocks")).hasSize(1);
    assertThat(client.get(service, path).json().get("blocks").get(0).get("userId").asString())
        .isEqualTo(bobId);
    assertProblem(createDirect(client.token(bobId), aliceId), 403, "blocked");
    assertThat(client.delete(service, path + "/" + bobId).status()).isEqualTo(204);
    assertThat(createDirect(client.token(bobId), aliceId).status()).isEqualTo(201);
  }

  @Test
  void refusesDirectAndTradeRoomsBetweenABlockerAndTheBlockedAlikeWhicheverAsks() {
    String aliceId = user("alice");
    String bobId = user("bob");
    String alice = client.token(aliceId);
    String bob = client.token(bobId);
    block(alice, bobId);

    var byBlocked = assertProblem(createDirect(bob, aliceId), 403, "blocked");
    var byBlocker = assertProblem(createDirect(alice, bobId), 403, "blocked");
    assertThat(byBlocked.json().get("detail")).isEqualTo(byBlocker.json().get("detail"));
    assertProblem(createTrade(bob, "item-1", aliceId), 403, "blocked");
    assertProblem(createTrade(alice, "item-2", bobId), 403, "blocked");
    assertThat(createDirect(bob, user("carol")).status())
        .as("others are not affected")
        .isEqualTo(201);
    assertThat(group(bob, "g", aliceId)).as("groups are not refused").isNotNull();
  }

  @Test
  void refusesFindingAnExistingDirectRoomAndEveryWriteInItUntilUnblocked() {
    String aliceId = user("alice");
    String bobId = user("bob");
    String alice = client.token(aliceId);
    String bob = client.token(bobId);
    String roomId = direct(bob, aliceId);
    assertThat(say(bob, roomId, "c-1", "hello").status()).isEqualTo(201);

    block(alice, bobId);

    assertProblem(createDirect(bob, aliceId), 403, "blocked");
    assertProblem(say(bob, roomId, "c-2", "hello?"), 403, "blocked");
    assertProblem(say(alice, roomId, "c-3", "go away"), 403, "blocked");
    assertProblem(
        client.send(
            "PATCH",
            bob,
            "/api/v1/rooms/" + roomId + "/messages/1",
            "{\"clientMsgId\":\"e-1\",\"content\":\"edited\"}"),
        403,
        "blocked");
    assertProblem(
        client.send("PUT", alice, "/api/v1/rooms/" + roomId + "/messages/1/reactions/👍", null),
        403,
        "blocked");
    assertProblem(
        client.postJson(
            client.serviceToken("backend"),
            "/api/v1/rooms/" + roomId + "/messages",
            Map.of("clientMsgId", "c-4", "kind", "TEXT", "content", "x", "senderId", bobId)),
        403,
        "blocked");
    var history = client.get(alice, "/api/v1/rooms/" + roomId + "/messages").json();
    assertThat(history.get("messages")).as("history stays readable").hasSize(1);
    assertThat(client.delete(bob, "/api/v1/rooms/" + roomId + "/messages/1").status())
        .as("a sender still deletes their own message")
        .isEqualTo(200);

    unblock(alice, bobId);

    assertThat(createDirect(bob, aliceId).status()).isEqualTo(200);
    assertThat(say(bob, roomId, "c-5", "hello again").status()).isEqualTo(201);
  }

  @Test
  void refusesSendsInATradeRoomWhoseSellerBlockedTheBuyer() {
    String sellerId = user("seller");
    String buyerId = user("buyer");
    String buyer = client.token(buyerId);
    String roomId = trade(buyer, "item-9", sellerId);

    block(client.token(sellerId), buyerId);

    assertProblem(say(buyer, roomId, "c-1", "still for sale?"), 403, "blocked");
  }

  @Test
  void aBlockerIsNeitherNotifiedNorMentionedByTheBlockedInAGroup() {
    String aliceId = user("alice");
    String bobId = user("bob");
    String spammerId = user("spammer");
    String spammer = client.token(spammerId);
    String roomId = group(spammer, "market", aliceId, bobId);
    block(client.token(aliceId), spammerId);

    var posted =
        client.postJson(
            spammer,
            "/api/v1/rooms/" + roomId + "/messages",
            Map.of(
                "clientMsgId",
                "c-1",
                "kind",
                "TEXT",
                "content",
                "@alice @bob buy now",
                "mentions",
                List.of(aliceId, bobId)));
    assertThat(posted.status()).isEqualTo(201);

    Waits.until(
        () -> chat(bobId, roomId) != null, Duration.ofSeconds(10), "bob's chat notification");
    assertThat(chat(aliceId, roomId)).as("alice's chat notification").isNull();
    assertThat(room(aliceId, roomId).get("mentionCount").asLong()).isZero();
    assertThat(room(bobId, roomId).get("mentionCount").asLong()).isEqualTo(1);
    assertThat(
            client
                .get(client.token(aliceId), "/api/v1/rooms/" + roomId + "/messages")
                .json()
                .get("messages"))
        .as("the message is in the group's history")
        .hasSize(1);

    unblock(client.token(aliceId), spammerId);
    say(spammer, roomId, "c-2", "last chance");
    Waits.until(
        () -> chat(aliceId, roomId) != null,
        Duration.ofSeconds(10),
        "alice's chat notification after unblocking");
  }

  @Test
  void aBlockRacingTheCreationOfATradeRoomLeavesNoWayToWriteInIt() throws Exception {
    for (int round = 0; round < 10; round++) {
      String sellerId = user("seller");
      String buyerId = user("buyer");
      String buyer = client.token(buyerId);
      try (var pool = Executors.newFixedThreadPool(2)) {
        Future<ApiResponse> created = pool.submit(() -> createTrade(buyer, "item", sellerId));
        Future<ApiResponse> blocked = pool.submit(() -> block(client.token(sellerId), buyerId));
        assertThat(blocked.get().status()).isEqualTo(204);
        var room = created.get();
        if (room.status() == 403) {
          assertThat(room.json().get("code").asString()).isEqualTo("blocked");
        } else {
          assertThat(room.status()).isEqualTo(201);
          assertProblem(say(buyer, room.text("id"), "c-1", "hi"), 403, "blocked");
        }
      }
    }
  }

  private JsonNode room(String userId, String roomId) {
    return client.get(client.token(userId), "/api/v1/rooms/" + roomId).json();
  }

  /** The user's chat notification of the room, or null. */
  private JsonNode chat(String userId, String roomId) {
    for (JsonNode n :
        client.get(client.token(userId), "/api/v1/notifications").json().get("notifications")) {
      if (n.get("kind").asString().equals("chat.message")
          && n.get("data").get("roomId").asString().equals(roomId)) {
        return n;
      }
    }
    return null;
  }
}
