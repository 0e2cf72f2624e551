package io.dugout.room;

import static io.dugout.api.ApiAssertions.assertInvalid;
import static io.dugout.api.ApiAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.ApiTest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Rooms over real HTTP: creating the three types, reading one, listing mine, entering. */
class RoomApiTests extends ApiTest {

  @Test
  void createsADirectRoomOnceAndReturnsItAgainForEitherMemberOrder() {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    var created =
        client
            .postJson(
                aliceToken, "/api/v1/rooms", Map.of("type", "DIRECT", "memberIds", List.of(bob)))
            .snippet("rooms-create-direct");
    assertThat(created.status()).isEqualTo(201);
    assertThat(created.text("type")).isEqualTo("DIRECT");
    assertThat(userIds(created.json())).containsExactlyInAnyOrder(alice, bob);
    assertThat(roles(created.json())).containsOnly("MEMBER");

    var again =
        client.postJson(
            aliceToken, "/api/v1/rooms", Map.of("type", "DIRECT", "memberIds", List.of(bob)));
    var fromBob =
        client.postJson(
            client.token(bob),
            "/api/v1/rooms",
            Map.of("type", "DIRECT", "memberIds", List.of(alice)));
    var bothNamed =
        client.postJson(
            aliceToken,
            "/api/v1/rooms",
            Map.of("type", "DIRECT", "memberIds", List.of(bob, alice)));
    for (var response : List.of(again, fromBob, bothNamed)) {
      assertThat(response.status()).as("%s", response).isEqualTo(200);
      assertThat(response.text("id")).isEqualTo(created.text("id"));
    }
  }

  @Test
  void createsOneDirectRoomWhenBothUsersCreateItAtOnce() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    String bobToken = client.token(bob);
    var responses = new java.util.concurrent.ConcurrentLinkedQueue<io.dugout.api.ApiResponse>();
    try (var pool = java.util.concurrent.Executors.newFixedThreadPool(8)) {
      for (int i = 0; i < 16; i++) {
        boolean fromAlice = i % 2 == 0;
        pool.submit(
            () ->
                responses.add(
                    client.postJson(
                        fromAlice ? aliceToken : bobToken,
                        "/api/v1/rooms",
                        Map.of("type", "DIRECT", "memberIds", List.of(fromAlice ? bob : alice)))));
      }
    }
    assertThat(responses).hasSize(16);
    assertThat(responses.stream().map(r -> r.text("id")).distinct()).hasSize(1);
    assertThat(responses.stream().filter(r -> r.status() == 201)).hasSize(1);
    assertThat(responses.stream().filter(r -> r.status() == 200)).hasSize(15);
    assertThat(ids(client.get(aliceToken, "/api/v1/rooms").json().get("rooms"))).hasSize(1);
  }

  @Test
  void rejectsADirectRoomWithoutExactlyTwoDistinctMembers() {
    String alice = user("alice");
    String token = client.token(alice);
    assertInvalid(
        client.postJson(
            token, "/api/v1/rooms", Map.of("type", "DIRECT", "memberIds", List.of(alice))),
        "memberIds");
    assertInvalid(
        client.postJson(
            token,
            "/api/v1/rooms",
            Map.of("type", "DIRECT", "memberIds", List.of(user("b"), user("c")))),
        "memberIds");
  }

  @Test
  void createsATradeRoomOncePerItemBuyerAndSellerWithBuyerAndSellerRoles() {
    String buyer = user("buyer");
    String seller = user("seller");
    var body =
        Map.of(
            "type", "TRADE",
            "memberIds", List.of(seller),
            "trade", Map.of("itemId", "glove-42", "sellerId", seller));
    var created =
        client.postJson(client.token(buyer), "/api/v1/rooms", body).snippet("rooms-create-trade");
    assertThat(created.status()).isEqualTo(201);
    assertThat(created.text("type")).isEqualTo("TRADE");
    assertThat(created.json().get("trade").get("itemId").asString()).isEqualTo("glove-42");
    assertThat(created.json().get("trade").get("sellerId").asString()).isEqualTo(seller);
    assertThat(roleOf(created.json(), buyer)).isEqualTo("BUYER");
    assertThat(roleOf(created.json(), seller)).isEqualTo("SELLER");

    var again = client.postJson(client.token(buyer), "/api/v1/rooms", body);
    assertThat(again.status()).isEqualTo(200);
    assertThat(again.text("id")).isEqualTo(created.text("id"));
    var bySeller =
        client.postJson(
            client.token(seller),
            "/api/v1/rooms",
            Map.of(
                "type", "TRADE",
                "memberIds", List.of(buyer),
                "trade", Map.of("itemId", "glove-42", "sellerId", seller)));
    assertThat(bySeller.status()).isEqualTo(200);
    assertThat(bySeller.text("id")).isEqualTo(created.text("id"));

    var otherItem =
        client.postJson(
            client.token(buyer),
            "/api/v1/rooms",
            Map.of(
                "type", "TRADE",
                "memberIds", List.of(seller),
                "trade", Map.of("itemId", "bat-7", "sellerId", seller)));
    assertThat(otherItem.status()).isEqualTo(201);
    assertThat(otherItem.text("id")).isNotEqualTo(created.text("id"));
  }

  @Test
  void rejectsATradeRoomWithoutTradeContext() {
    String token = client.token(user("buyer"));
    assertInvalid(
        client.postJson(
            token, "/api/v1/rooms", Map.of("type", "TRADE", "memberIds", List.of(user("s")))),
        "trade");
  }

  @Test
  void rejectsATradeRoomWhoseSellerIsNotAMember() {
    String token = client.token(user("buyer"));
    var response =
        client.postJson(
            token,
            "/api/v1/rooms",
            Map.of(
                "type", "TRADE",
                "memberIds", List.of(user("x")),
                "trade", Map.of("itemId", "glove-42", "sellerId", user("seller"))));
    assertInvalid(response, "memberIds");
  }

  @Test
  void createsAGroupWithTitleAndTheCreatorAsOwner() {
    String alice = user("alice");
    String bob = user("bob");
    String carol = user("carol");
    var created =
        client
            .postJson(
                client.token(alice),
                "/api/v1/rooms",
                Map.of("type", "GROUP", "title", "Sunday league", "memberIds", List.of(bob, carol)))
            .snippet("rooms-create-group");
    assertThat(created.status()).isEqualTo(201);
    var room = created.json();
    assertThat(room.get("id").asString()).isNotBlank();
    assertThat(room.get("type").asString()).isEqualTo("GROUP");
    assertThat(room.get("title").asString()).isEqualTo("Sunday league");
    assertThat(room.get("lastSeq").asLong()).isZero();
    assertThat(room.get("unreadCount").asLong()).isZero();
    assertThat(room.get("lastMessage").isNull()).isTrue();
    assertThat(Instant.parse(room.get("createdAt").asString()))
        .isBefore(Instant.now().plusSeconds(1));
    assertThat(roleOf(room, alice)).isEqualTo("OWNER");
    assertThat(roleOf(room, bob)).isEqualTo("MEMBER");
    assertThat(roleOf(room, carol)).isEqualTo("MEMBER");
    for (JsonNode member : room.get("members")) {
      assertThat(member.get("lastReadSeq").asLong()).isZero();
    }
  }

  @Test
  void createsTwoGroupsForTheSameRequestBecauseGroupsAreNotUnique() {
    String token = client.token(user("alice"));
    String bob = user("bob");
    assertThat(group(token, "a", bob)).isNotEqualTo(group(token, "a", bob));
  }

  @Test
  void rejectsAGroupTitleOverTwoHundredCharacters() {
    var response =
        client.postJson(
            client.token(user("alice")),
            "/api/v1/rooms",
            Map.of("type", "GROUP", "title", "x".repeat(201), "memberIds", List.of()));
    assertInvalid(response, "title");
  }

  @Test
  void rejectsARoomWithoutTypeOrWithAnUnknownType() {
    String token = client.token(user("alice"));
    assertInvalid(client.post(token, "/api/v1/rooms", "{\"memberIds\":[\"bob\"]}"), "type");
    assertInvalid(
        client.post(token, "/api/v1/rooms", "{\"type\":\"CHANNEL\",\"memberIds\":[]}"), "type");
  }

  @Test
  void rejectsAMemberIdWithWhitespace() {
    var response =
        client.postJson(
            client.token(user("alice")),
            "/api/v1/rooms",
            Map.of("type", "GROUP", "memberIds", List.of("ok", "not ok")));
    assertInvalid(response, "memberIds[1]");
  }

  @Test
  void letsAServiceTokenCreateARoomForOtherUsers() {
    String alice = user("alice");
    String bob = user("bob");
    String service = client.serviceToken("backend");
    var created =
        client.postJson(
            service,
            "/api/v1/rooms",
            Map.of("type", "GROUP", "title", "t", "memberIds", List.of(alice, bob)));
    assertThat(created.status()).isEqualTo(201);
    assertThat(userIds(created.json())).containsExactlyInAnyOrder(alice, bob);
    assertThat(roleOf(created.json(), alice)).isEqualTo("OWNER");
    var direct =
        client.postJson(
            service, "/api/v1/rooms", Map.of("type", "DIRECT", "memberIds", List.of(alice, bob)));
    assertThat(direct.status()).isEqualTo(201);
    assertThat(userIds(direct.json())).containsExactlyInAnyOrder(alice, bob);
  }

  @Test
  void returnsARoomWithItsMembersToAMember() {
    String alice = user("alice");
    String bob = user("bob");
    String roomId = group(client.token(alice), "Sunday league", bob);
    var response = client.get(client.token(bob), "/api/v1/rooms/" + roomId).snippet("rooms-get");
    assertThat(response.status()).isEqualTo(200);
    assertThat(response.text("id")).isEqualTo(roomId);
    assertThat(response.text("title")).isEqualTo("Sunday league");
    assertThat(userIds(response.json())).containsExactly(alice, bob);
    for (JsonNode member : response.json().get("members")) {
      assertThat(Instant.parse(member.get("joinedAt").asString())).isNotNull();
    }
  }

  @Test
  void rejectsReadingARoomTheUserIsNotIn() {
    String roomId = group(client.token(user("alice")), "t", user("bob"));
    String stranger = client.token(user("mallory"));
    assertProblem(client.get(stranger, "/api/v1/rooms/" + roomId), 403, "forbidden");
    assertProblem(
        client.post(stranger, "/api/v1/rooms/" + roomId + "/enter", null), 403, "forbidden");
  }

  @Test
  void answersNotFoundForAnUnknownRoom() {
    String token = client.token(user("alice"));
    String unknown = "0193f6c2-0000-7000-8000-00000000dead";
    assertProblem(client.get(token, "/api/v1/rooms/" + unknown), 404, "not_found")
        .snippet("problem-not-found");
    assertProblem(
        client.post(token, "/api/v1/rooms/" + unknown + "/enter", null), 404, "not_found");
    assertProblem(
        client.get(client.serviceToken("backend"), "/api/v1/rooms/" + unknown), 404, "not_found");
  }

  @Test
  void entersARoomWithItsLatestTwentyMessagesNewestFirst() {
    String alice = user("alice");
    String token = client.token(alice);
    String roomId = group(token, "t", user("bob"));
    for (int i = 1; i <= 25; i++) {
      say(token, roomId, "c-" + i, "message " + i);
    }
    var entered =
        client.post(token, "/api/v1/rooms/" + roomId + "/enter", null).snippet("rooms-enter");
    assertThat(entered.status()).isEqualTo(200);
    assertThat(entered.json().get("room").get("id").asString()).isEqualTo(roomId);
    assertThat(entered.json().get("room").get("members")).hasSize(2);
    assertThat(entered.json().get("room").get("lastSeq").asLong()).isEqualTo(25);
    assertThat(seqs(entered.json().get("messages"))).containsExactlyElementsOf(range(25, 6));
    assertThat(entered.json().get("hasMore").asBoolean()).isTrue();
  }

  @Test
  void entersAnEmptyRoomWithNoMessagesAndNothingMore() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    var entered = client.post(token, "/api/v1/rooms/" + roomId + "/enter", null);
    assertThat(entered.status()).isEqualTo(200);
    assertThat(entered.json().get("messages")).isEmpty();
    assertThat(entered.json().get("hasMore").asBoolean()).isFalse();
  }

  @Test
  void listsMyRoomsMostRecentlyActiveFirstWithLastMessageAndUnreadCount() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    String bobToken = client.token(bob);
    String first = group(aliceToken, "first", bob);
    String second = group(aliceToken, "second", bob);
    String third = group(aliceToken, "third", bob);
    Thread.sleep(5);
    say(bobToken, first, "c-1", "hello alice");
    say(bobToken, first, "c-2", "are you there?");
    Thread.sleep(5);
    say(aliceToken, second, "c-1", "my own message");

    var list = client.get(aliceToken, "/api/v1/rooms").snippet("rooms-list");
    assertThat(list.status()).isEqualTo(200);
    var rooms = list.json().get("rooms");
    assertThat(ids(rooms)).containsExactly(second, first, third);
    assertThat(list.json().get("nextCursor").isNull()).isTrue();

    JsonNode secondRoom = rooms.get(0);
    assertThat(secondRoom.get("lastSeq").asLong()).isEqualTo(1);
    assertThat(secondRoom.get("unreadCount").asLong()).as("own messages are read").isZero();
    assertThat(secondRoom.get("lastMessage").get("content").asString()).isEqualTo("my own message");
    assertThat(secondRoom.has("members")).as("lists leave group members out").isFalse();

    JsonNode firstRoom = rooms.get(1);
    assertThat(firstRoom.get("lastSeq").asLong()).isEqualTo(2);
    assertThat(firstRoom.get("unreadCount").asLong()).isEqualTo(2);
    assertThat(firstRoom.get("lastMessage").get("seq").asLong()).isEqualTo(2);
    assertThat(firstRoom.get("lastMessage").get("senderId").asString()).isEqualTo(bob);

    JsonNode thirdRoom = rooms.get(2);
    assertThat(thirdRoom.get("lastSeq").asLong()).isZero();
    assertThat(thirdRoom.get("lastMessage").isNull()).isTrue();

    var bobsList = client.get(bobToken, "/api/v1/rooms").json().get("rooms");
    assertThat(bobsList.get(0).get("id").asString()).isEqualTo(second);
    assertThat(bobsList.get(0).get("unreadCount").asLong()).isEqualTo(1);
    assertThat(bobsList.get(1).get("unreadCount").asLong()).isZero();
  }

  @Test
  void pagesThroughManyRoomsWithoutRepeatsOrGaps() {
    String alice = user("alice");
    String token = client.token(alice);
    var created = new ArrayList<String>();
    for (int i = 0; i < 23; i++) {
      created.add(group(token, "room " + i));
    }
    var seen = new ArrayList<String>();
    String cursor = null;
    int pages = 0;
    do {
      var page =
          client.get(token, "/api/v1/rooms?limit=5" + (cursor == null ? "" : "&cursor=" + cursor));
      if (pages == 0) {
        page.snippet("rooms-list-page");
      }
      assertThat(page.status()).as("%s", page).isEqualTo(200);
      assertThat(page.json().get("rooms").size()).isBetween(1, 5);
      seen.addAll(ids(page.json().get("rooms")));
      cursor = page.text("nextCursor");
      pages++;
    } while (cursor != null && pages < 20);
    assertThat(pages).isEqualTo(5);
    assertThat(seen).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(created);
    assertThat(seen).as("newest first: the last created comes first").startsWith(created.getLast());
  }

  @Test
  void endsPagingWithoutACursorWhenThePageIsExactlyFull() {
    String token = client.token(user("alice"));
    for (int i = 0; i < 4; i++) {
      group(token, "room " + i);
    }
    var page = client.get(token, "/api/v1/rooms?limit=4");
    assertThat(page.json().get("rooms")).hasSize(4);
    assertThat(page.json().get("nextCursor").isNull()).isTrue();
  }

  @Test
  void rejectsARoomListLimitOutOfBoundsAndAForeignCursor() {
    String token = client.token(user("alice"));
    assertInvalid(client.get(token, "/api/v1/rooms?limit=0"), "limit");
    assertInvalid(client.get(token, "/api/v1/rooms?limit=101"), "limit");
    assertInvalid(client.get(token, "/api/v1/rooms?limit=ten"), "limit");
    assertInvalid(client.get(token, "/api/v1/rooms?cursor=bm90LWEtY3Vyc29y"), "cursor");
  }

  @Test
  void rejectsACursorWithBrokenPercentEncodingNamingIt() {
    String token = client.token(user("alice"));
    var response = assertInvalid(client.rawGet(token, "/api/v1/rooms?cursor=%%%"), "cursor");
    assertThat(response.text("detail")).isEqualTo("cursor: is not valid percent-encoded UTF-8");
    assertInvalid(client.rawGet(token, "/api/v1/rooms?limit=5&cursor=%E2%82"), "cursor");
    assertThat(client.get(token, "/api/v1/rooms").status()).isEqualTo(200);
  }

  @Test
  void letsAServiceTokenListAnyUsersRoomsButNotAUser() {
    String alice = user("alice");
    String roomId = group(client.token(alice), "t");
    var listed = client.get(client.serviceToken("backend"), "/api/v1/rooms?userId=" + alice);
    assertThat(listed.status()).isEqualTo(200);
    assertThat(ids(listed.json().get("rooms"))).containsExactly(roomId);
    assertProblem(
        client.get(client.token(user("mallory")), "/api/v1/rooms?userId=" + alice),
        403,
        "forbidden");
  }

  @Test
  void listsTheTwoMembersOfDirectAndTradeRoomsSoClientsCanNameThem() {
    String alice = user("alice");
    String bob = user("bob");
    String token = client.token(alice);
    String direct = direct(token, bob);
    String trade = trade(token, "glove-1", bob);
    var rooms = client.get(token, "/api/v1/rooms").json().get("rooms");
    assertThat(ids(rooms)).containsExactlyInAnyOrder(direct, trade);
    for (JsonNode room : rooms) {
      assertThat(userIds(room)).containsExactlyInAnyOrder(alice, bob);
    }
  }

  static List<String> userIds(JsonNode room) {
    var ids = new ArrayList<String>();
    room.get("members").forEach(m -> ids.add(m.get("userId").asString()));
    return ids;
  }

  static List<String> roles(JsonNode room) {
    var roles = new ArrayList<String>();
    room.get("members").forEach(m -> roles.add(m.get("role").asString()));
    return roles;
  }

  static String roleOf(JsonNode room, String userId) {
    for (JsonNode member : room.get("members")) {
      if (member.get("userId").asString().equals(userId)) {
        return member.get("role").asString();
      }
    }
    return null;
  }

  static List<String> ids(JsonNode rooms) {
    var ids = new ArrayList<String>();
    rooms.forEach(r -> ids.add(r.get("id").asString()));
    assertThat(new HashSet<>(ids)).hasSameSizeAs(ids);
    return ids;
  }

  static List<Long> seqs(JsonNode messages) {
    var seqs = new ArrayList<Long>();
    messages.forEach(m -> seqs.add(m.get("seq").asLong()));
    return seqs;
  }

  /** from, from-1, …, to. */
  static List<Long> range(long from, long to) {
    var seqs = new ArrayList<Long>();
    for (long s = from; s >= to; s--) {
      seqs.add(s);
    }
    return seqs;
  }
}
