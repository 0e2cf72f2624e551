package io.dugout.room;

import static io.dugout.api.ApiAssertions.assertInvalid;
import static io.dugout.api.ApiAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.ApiTest;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Joining, leaving, removing and read markers over real HTTP. */
class MemberApiTests extends ApiTest {

  @Test
  void addsAMemberToAGroupOnceAndRecordsTheJoinAsASystemMessage() {
    String alice = user("alice");
    String dave = user("dave");
    String token = client.token(alice);
    String roomId = group(token, "t");
    var joined =
        client
            .postJson(token, "/api/v1/rooms/" + roomId + "/members", Map.of("userId", dave))
            .snippet("members-add");
    assertThat(joined.status()).isEqualTo(201);
    assertThat(joined.text("userId")).isEqualTo(dave);
    assertThat(joined.text("role")).isEqualTo("MEMBER");
    assertThat(joined.number("lastReadSeq")).isZero();

    var again =
        client.postJson(token, "/api/v1/rooms/" + roomId + "/members", Map.of("userId", dave));
    assertThat(again.status()).isEqualTo(200);
    assertThat(again.text("userId")).isEqualTo(dave);

    var history = client.get(client.token(dave), "/api/v1/rooms/" + roomId + "/messages").json();
    assertThat(history.get("messages")).hasSize(1);
    JsonNode system = history.get("messages").get(0);
    assertThat(system.get("kind").asString()).isEqualTo("SYSTEM");
    assertThat(system.get("senderId").asString()).isEqualTo(dave);
    assertThat(system.get("content").asString()).isEqualTo(dave + " joined");
    assertThat(system.get("seq").asLong()).isEqualTo(1);
  }

  @Test
  void startsANewcomerWithOnlyTheirOwnJoinUnread() {
    String alice = client.token(user("alice"));
    String dave = user("dave");
    String roomId = group(alice, "t");
    for (int i = 0; i < 5; i++) {
      say(alice, roomId, "before-" + i, "earlier history");
    }
    var joined =
        client.postJson(alice, "/api/v1/rooms/" + roomId + "/members", Map.of("userId", dave));
    assertThat(joined.number("lastReadSeq")).isEqualTo(5);
    var room = client.get(client.token(dave), "/api/v1/rooms/" + roomId).json();
    assertThat(room.get("lastSeq").asLong()).isEqualTo(6);
    assertThat(room.get("unreadCount").asLong()).isEqualTo(1);
  }

  @Test
  void recordsOneJoinWhenTheSameUserIsAddedManyTimesAtOnce() throws Exception {
    String token = client.token(user("alice"));
    String dave = user("dave");
    String roomId = group(token, "t");
    var statuses = new java.util.concurrent.ConcurrentLinkedQueue<Integer>();
    try (var pool = java.util.concurrent.Executors.newFixedThreadPool(8)) {
      for (int i = 0; i < 12; i++) {
        pool.submit(
            () ->
                statuses.add(
                    client
                        .postJson(
                            token, "/api/v1/rooms/" + roomId + "/members", Map.of("userId", dave))
                        .status()));
      }
    }
    assertThat(statuses).containsOnly(200, 201).filteredOn(s -> s == 201).hasSize(1);
    var history = client.get(token, "/api/v1/rooms/" + roomId + "/messages").json().get("messages");
    assertThat(history).hasSize(1);
    assertThat(history.get(0).get("content").asString()).isEqualTo(dave + " joined");
  }

  @Test
  void letsAMemberWhoLeftBeAddedAgainAndNotPostMeanwhile() {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    String bobToken = client.token(bob);
    String roomId = group(aliceToken, "t", bob);
    assertThat(client.delete(bobToken, "/api/v1/rooms/" + roomId + "/members/" + bob).status())
        .isEqualTo(204);
    assertProblem(say(bobToken, roomId, "c-1", "still here?"), 403, "forbidden");
    assertProblem(
        client.postJson(bobToken, "/api/v1/rooms/" + roomId + "/read", Map.of("seq", 1)),
        403,
        "forbidden");
    var back =
        client.postJson(aliceToken, "/api/v1/rooms/" + roomId + "/members", Map.of("userId", bob));
    assertThat(back.status()).isEqualTo(201);
    assertThat(say(bobToken, roomId, "c-1", "back again").number("seq")).isEqualTo(3);
    var contents = new java.util.ArrayList<String>();
    client
        .get(aliceToken, "/api/v1/rooms/" + roomId + "/messages")
        .json()
        .get("messages")
        .forEach(m -> contents.add(m.get("content").asString()));
    assertThat(contents).containsExactly("back again", bob + " joined", bob + " left");
  }

  @Test
  void rejectsAddingMembersToADirectOrTradeRoom() {
    String alice = user("alice");
    String bob = user("bob");
    String token = client.token(alice);
    String direct = direct(token, bob);
    assertProblem(
        client.postJson(
            token, "/api/v1/rooms/" + direct + "/members", Map.of("userId", user("carol"))),
        409,
        "conflict");
    assertProblem(
        client.delete(token, "/api/v1/rooms/" + direct + "/members/" + alice), 409, "conflict");
    String trade = trade(token, "i", bob);
    assertProblem(
        client.postJson(
            token, "/api/v1/rooms/" + trade + "/members", Map.of("userId", user("carol"))),
        409,
        "conflict");
  }

  @Test
  void rejectsAddingMembersByANonMemberAndToAnUnknownRoom() {
    String roomId = group(client.token(user("alice")), "t");
    String mallory = user("mallory");
    assertProblem(
        client.postJson(
            client.token(mallory),
            "/api/v1/rooms/" + roomId + "/members",
            Map.of("userId", mallory)),
        403,
        "forbidden");
    assertProblem(
        client.postJson(
            client.token(mallory),
            "/api/v1/rooms/0193f6c2-0000-7000-8000-00000000dead/members",
            Map.of("userId", mallory)),
        404,
        "not_found");
  }

  @Test
  void rejectsAddingAMemberWithoutAUserId() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    assertInvalid(client.post(token, "/api/v1/rooms/" + roomId + "/members", "{}"), "userId");
  }

  @Test
  void rejectsUserIdsWithAnUnpairedSurrogateSinceTwoSuchIdsWouldShareAStorageKey() {
    // why: ids are UTF-8 in storage keys, where an unpaired surrogate becomes "?"
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    String members = "/api/v1/rooms/" + roomId + "/members";
    assertInvalid(client.post(token, members, "{\"userId\":\"x\\ud800\"}"), "userId");
    assertInvalid(client.post(token, members, "{\"userId\":\"x\\udbff\"}"), "userId");
    assertInvalid(
        client.post(token, "/api/v1/rooms", "{\"type\":\"GROUP\",\"memberIds\":[\"\\udc00\"]}"),
        "memberIds[0]");
    assertInvalid(
        client.post(
            token,
            "/api/v1/rooms/" + roomId + "/messages",
            "{\"clientMsgId\":\"c-\\ud800\",\"kind\":\"TEXT\",\"content\":\"hi\"}"),
        "clientMsgId");
    var paired = client.postJson(token, members, Map.of("userId", user("\uD83D\uDE00")));
    assertThat(paired.status()).as("%s", paired).isEqualTo(201);
  }

  @Test
  void letsAMemberLeaveAndRecordsTheLeaveAsASystemMessage() {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    String bobToken = client.token(bob);
    String roomId = group(aliceToken, "t", bob);
    say(bobToken, roomId, "c-1", "bye all");

    var left =
        client
            .delete(bobToken, "/api/v1/rooms/" + roomId + "/members/" + bob)
            .snippet("members-leave");
    assertThat(left.status()).isEqualTo(204);
    assertThat(left.body()).isEmpty();

    var history =
        client.get(aliceToken, "/api/v1/rooms/" + roomId + "/messages").json().get("messages");
    assertThat(history.get(0).get("kind").asString()).isEqualTo("SYSTEM");
    assertThat(history.get(0).get("senderId").asString()).isEqualTo(bob);
    assertThat(history.get(0).get("content").asString()).isEqualTo(bob + " left");
    assertThat(history.get(0).get("seq").asLong()).isEqualTo(2);
    assertThat(RoomApiTests.userIds(client.get(aliceToken, "/api/v1/rooms/" + roomId).json()))
        .containsExactly(alice);
    assertProblem(client.get(bobToken, "/api/v1/rooms/" + roomId), 403, "forbidden");
    assertProblem(client.get(bobToken, "/api/v1/rooms/" + roomId + "/messages"), 403, "forbidden");
    assertThat(RoomApiTests.ids(client.get(bobToken, "/api/v1/rooms").json().get("rooms")))
        .doesNotContain(roomId);
  }

  @Test
  void letsTheOwnerRemoveOthersButNotAPlainMember() {
    String alice = user("alice");
    String bob = user("bob");
    String carol = user("carol");
    String roomId = group(client.token(alice), "t", bob, carol);
    assertProblem(
        client.delete(client.token(bob), "/api/v1/rooms/" + roomId + "/members/" + carol),
        403,
        "forbidden");
    assertThat(
            client
                .delete(client.token(alice), "/api/v1/rooms/" + roomId + "/members/" + carol)
                .status())
        .isEqualTo(204);
    assertProblem(client.get(client.token(carol), "/api/v1/rooms/" + roomId), 403, "forbidden");
    assertProblem(
        client.delete(client.token(alice), "/api/v1/rooms/" + roomId + "/members/" + carol),
        404,
        "not_found");
  }

  @Test
  void letsAServiceTokenRemoveAnyMember() {
    String alice = user("alice");
    String bob = user("bob");
    String roomId = group(client.token(alice), "t", bob);
    var removed =
        client.delete(
            client.serviceToken("backend"), "/api/v1/rooms/" + roomId + "/members/" + alice);
    assertThat(removed.status()).isEqualTo(204);
    assertProblem(client.get(client.token(alice), "/api/v1/rooms/" + roomId), 403, "forbidden");
  }

  @Test
  void rejectsRemovalByANonMember() {
    String alice = user("alice");
    String roomId = group(client.token(alice), "t");
    assertProblem(
        client.delete(
            client.token(user("mallory")), "/api/v1/rooms/" + roomId + "/members/" + alice),
        403,
        "forbidden");
  }

  @Test
  void movesTheReadMarkerForwardOnlyAndNeverPastTheLastSeq() {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    String bobToken = client.token(bob);
    String roomId = group(aliceToken, "t", bob);
    for (int i = 1; i <= 5; i++) {
      say(aliceToken, roomId, "c-" + i, "m" + i);
    }
    assertThat(unread(bobToken, roomId)).isEqualTo(5);

    var read =
        client
            .postJson(bobToken, "/api/v1/rooms/" + roomId + "/read", Map.of("seq", 3))
            .snippet("read");
    assertThat(read.status()).isEqualTo(200);
    assertThat(read.text("roomId")).isEqualTo(roomId);
    assertThat(read.text("userId")).isEqualTo(bob);
    assertThat(read.number("lastReadSeq")).isEqualTo(3);
    assertThat(read.number("unreadCount")).isEqualTo(2);
    assertThat(unread(bobToken, roomId)).isEqualTo(2);

    var backwards =
        client.postJson(bobToken, "/api/v1/rooms/" + roomId + "/read", Map.of("seq", 1));
    assertThat(backwards.number("lastReadSeq")).isEqualTo(3);
    assertThat(backwards.number("unreadCount")).isEqualTo(2);

    var beyond = client.postJson(bobToken, "/api/v1/rooms/" + roomId + "/read", Map.of("seq", 999));
    assertThat(beyond.number("lastReadSeq")).isEqualTo(5);
    assertThat(beyond.number("unreadCount")).isZero();
    assertThat(unread(bobToken, roomId)).isZero();
    var members = client.get(bobToken, "/api/v1/rooms/" + roomId).json().get("members");
    members.forEach(
        m -> {
          if (m.get("userId").asString().equals(bob)) {
            assertThat(m.get("lastReadSeq").asLong()).isEqualTo(5);
          }
        });

    say(aliceToken, roomId, "c-6", "m6");
    assertThat(unread(bobToken, roomId)).isEqualTo(1);
  }

  @Test
  void countsTheSendersOwnMessagesAsRead() {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    String bobToken = client.token(bob);
    String roomId = group(aliceToken, "t", bob);
    say(bobToken, roomId, "c-1", "from bob");
    say(aliceToken, roomId, "c-1", "from alice");
    assertThat(unread(aliceToken, roomId)).isZero();
    assertThat(unread(bobToken, roomId)).isEqualTo(1);
    var alices = client.get(aliceToken, "/api/v1/rooms/" + roomId).json();
    assertThat(alices.get("unreadCount").asLong()).isZero();
  }

  @Test
  void rejectsReadMarkersOfNonMembersAndBadSeqs() {
    String alice = user("alice");
    String token = client.token(alice);
    String roomId = group(token, "t");
    assertProblem(
        client.postJson(
            client.token(user("mallory")), "/api/v1/rooms/" + roomId + "/read", Map.of("seq", 1)),
        403,
        "forbidden");
    assertInvalid(client.post(token, "/api/v1/rooms/" + roomId + "/read", "{}"), "seq");
    assertInvalid(client.post(token, "/api/v1/rooms/" + roomId + "/read", "{\"seq\":-1}"), "seq");
    assertInvalid(
        client.post(token, "/api/v1/rooms/" + roomId + "/read", "{\"seq\":\"x\"}"), "seq");
    assertProblem(
        client.postJson(
            token, "/api/v1/rooms/0193f6c2-0000-7000-8000-00000000dead/read", Map.of("seq", 1)),
        404,
        "not_found");
  }

  private long unread(String token, String roomId) {
    for (JsonNode room : client.get(token, "/api/v1/rooms?limit=100").json().get("rooms")) {
      if (room.get("id").asString().equals(roomId)) {
        return room.get("unreadCount").asLong();
      }
    }
    throw new AssertionError("room " + roomId + " is not in the list");
  }
}
