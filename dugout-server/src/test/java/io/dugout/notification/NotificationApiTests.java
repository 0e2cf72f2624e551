package io.dugout.notification;

import static io.dugout.api.ApiAssertions.assertInvalid;
import static io.dugout.api.ApiAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.api.ApiResponse;
import io.dugout.api.ApiTest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import tools.jackson.databind.JsonNode;

/**
 * Sending, listing and marking notifications over real HTTP. The server's clock is a {@link
 * MutableClock} here, so expiry is tested by moving time, not by waiting.
 */
@Import(NotificationApiTests.Clocks.class)
class NotificationApiTests extends ApiTest {

  private static final String PATH = "/api/v1/notifications";

  @TestConfiguration(proxyBeanMethods = false)
  static class Clocks {
    @Bean
    @Primary
    MutableClock mutableClock() {
      return new MutableClock();
    }
  }

  @Autowired MutableClock clock;

  @AfterEach
  void resetClock() {
    clock.reset();
  }

  @Test
  void sendsToAnOfflineUserWhoFindsItInTheListWithTheUnreadCount() {
    String alice = user("alice");
    Instant before = clock.instant();
    var sent =
        client
            .postJson(
                service(),
                PATH,
                Map.of(
                    "userIds",
                    List.of(alice),
                    "kind",
                    "trade.offer",
                    "title",
                    "New offer",
                    "body",
                    "12 EUR for your bat",
                    "data",
                    Map.of("itemId", "bat-7", "amount", 12)))
            .snippet("notifications-post");
    assertThat(sent.status()).isEqualTo(201);
    String id = sent.json().get("ids").get(0).asString();

    var list = client.get(client.token(alice), PATH).snippet("notifications-list");

    assertThat(list.status()).isEqualTo(200);
    assertThat(list.json().get("unreadCount").asLong()).isEqualTo(1);
    assertThat(list.json().get("hasMore").asBoolean()).isFalse();
    assertThat(list.json().get("nextBefore").isNull()).isTrue();
    JsonNode n = list.json().get("notifications").get(0);
    assertThat(n.get("id").asString()).isEqualTo(id);
    assertThat(n.get("kind").asString()).isEqualTo("trade.offer");
    assertThat(n.get("title").asString()).isEqualTo("New offer");
    assertThat(n.get("body").asString()).isEqualTo("12 EUR for your bat");
    assertThat(n.get("data").get("itemId").asString()).isEqualTo("bat-7");
    assertThat(n.get("data").get("amount").asInt()).isEqualTo(12);
    assertThat(n.get("count").asInt()).isEqualTo(1);
    assertThat(Instant.parse(n.get("createdAt").asString()))
        .isBetween(before, clock.instant().plusSeconds(1));
    assertThat(n.get("readAt").isNull()).isTrue();
    assertThat(client.get(client.token(user("bob")), PATH).json().get("notifications")).isEmpty();
  }

  @Test
  void sendsOneBatchToAThousandUsersEachGettingTheirOwn() {
    var users = IntStream.range(0, 1000).mapToObj(i -> user("u" + i)).toList();
    var sent = send(users, "league.started", null, null);
    assertThat(sent.status()).isEqualTo(201);
    var ids = new ArrayList<String>();
    sent.json().get("ids").forEach(id -> ids.add(id.asString()));
    assertThat(ids).hasSize(1000).doesNotHaveDuplicates();
    for (int i : List.of(0, 499, 999)) {
      var list = client.get(client.token(users.get(i)), PATH).json();
      assertThat(list.get("notifications")).hasSize(1);
      assertThat(list.get("notifications").get(0).get("id").asString()).isEqualTo(ids.get(i));
      assertThat(list.get("unreadCount").asLong()).isEqualTo(1);
    }
  }

  @Test
  void replaysAnIdempotencyKeyWithTheOriginalAnswerAndStoresNothing() {
    String alice = user("alice");
    String bob = user("bob");
    var first = send(List.of(alice, bob), "trade.offer", "retry-" + alice, null);
    var retry =
        send(List.of(alice, bob), "trade.offer", "retry-" + alice, null)
            .snippet("notifications-post-retry");

    assertThat(first.status()).isEqualTo(201);
    assertThat(retry.status()).isEqualTo(200);
    assertThat(retry.json()).isEqualTo(first.json());
    var list = client.get(client.token(alice), PATH).json();
    assertThat(list.get("notifications")).hasSize(1);
    assertThat(list.get("unreadCount").asLong()).isEqualTo(1);
    assertThat(send(List.of(alice), "trade.offer", "other-" + alice, null).status()).isEqualTo(201);
  }

  @Test
  void pagesNewestFirstWithTheCursorItHandsOut() {
    String alice = user("alice");
    for (int i = 1; i <= 5; i++) {
      send(List.of(alice), "k" + i, null, null);
    }
    String token = client.token(alice);
    var kinds = new ArrayList<String>();
    String before = null;
    int pages = 0;
    do {
      var page =
          client.get(token, PATH + "?limit=2" + (before == null ? "" : "&before=" + before)).json();
      page.get("notifications").forEach(n -> kinds.add(n.get("kind").asString()));
      assertThat(page.get("hasMore").asBoolean()).isEqualTo(!page.get("nextBefore").isNull());
      before = page.get("nextBefore").isNull() ? null : page.get("nextBefore").asString();
      pages++;
    } while (before != null);
    assertThat(kinds).containsExactly("k5", "k4", "k3", "k2", "k1");
    assertThat(pages).isEqualTo(3);
  }

  @Test
  void marksListedNotificationsReadAndListsOnlyUnreadOnesWhenAsked() {
    String alice = user("alice");
    String first = firstId(send(List.of(alice), "a", null, null));
    String second = firstId(send(List.of(alice), "b", null, null));
    String token = client.token(alice);

    var marked =
        client
            .postJson(token, PATH + "/read", Map.of("ids", List.of(first)))
            .snippet("notifications-read");

    assertThat(marked.status()).isEqualTo(200);
    assertThat(marked.json().get("marked").asInt()).isEqualTo(1);
    assertThat(marked.json().get("unreadCount").asLong()).isEqualTo(1);
    var all = client.get(token, PATH).json().get("notifications");
    assertThat(all.get(1).get("id").asString()).isEqualTo(first);
    assertThat(all.get(1).get("readAt").isNull()).isFalse();
    var unread = client.get(token, PATH + "?unreadOnly=true").json();
    assertThat(unread.get("notifications")).hasSize(1);
    assertThat(unread.get("notifications").get(0).get("id").asString()).isEqualTo(second);
    // someone else's id marks nothing
    var bobs =
        client.postJson(client.token(user("bob")), PATH + "/read", Map.of("ids", List.of(second)));
    assertThat(bobs.json().get("marked").asInt()).isZero();
    assertThat(client.get(token, PATH).json().get("unreadCount").asLong()).isEqualTo(1);
  }

  @Test
  void marksAllReadOrAllCreatedUpToATime() {
    String alice = user("alice");
    send(List.of(alice), "old", null, null);
    clock.advance(Duration.ofSeconds(1));
    send(List.of(alice), "mid", null, null);
    String token = client.token(alice);
    String midCreatedAt =
        client.get(token, PATH).json().get("notifications").get(0).get("createdAt").asString();
    clock.advance(Duration.ofSeconds(1));
    send(List.of(alice), "new", null, null);

    var upTo = client.postJson(token, PATH + "/read", Map.of("all", true, "upTo", midCreatedAt));
    assertThat(upTo.json().get("marked").asInt()).isEqualTo(2);
    assertThat(upTo.json().get("unreadCount").asLong()).isEqualTo(1);
    var rest =
        client
            .postJson(token, PATH + "/read", Map.of("all", true))
            .snippet("notifications-read-all");
    assertThat(rest.json().get("marked").asInt()).isEqualTo(1);
    assertThat(rest.json().get("unreadCount").asLong()).isZero();
  }

  @Test
  void neverReturnsANotificationOnceItsRetentionHasPassed() {
    String alice = user("alice");
    send(List.of(alice), "old", null, null);
    clock.advance(Duration.ofDays(29));
    send(List.of(alice), "recent", null, null);
    assertThat(client.get(client.token(alice), PATH).json().get("unreadCount").asLong())
        .isEqualTo(2);

    clock.advance(Duration.ofDays(1).plusSeconds(1));

    // why: a token issued before the jump has expired by the server's clock; take a fresh one
    var list = client.get(client.token(alice), PATH).json();
    assertThat(list.get("notifications")).hasSize(1);
    assertThat(list.get("notifications").get(0).get("kind").asString()).isEqualTo("recent");
    assertThat(list.get("unreadCount").asLong()).isEqualTo(1);
  }

  @Test
  void readingARoomUpToAChatNotificationsSeqMarksItReadButAnEarlierSeqDoesNot() {
    String alice = user("alice");
    String bob = user("bob");
    String room = group(client.token(alice), "Pitch", bob);
    say(client.token(alice), room, "c-1", "first");
    say(client.token(alice), room, "c-2", "second");
    Waits.until(
        () -> chatSeq(bob, room) == 2, Duration.ofSeconds(10), "bob's notification of seq 2");
    String sent = firstId(send(List.of(bob), "trade.offer", null, null));

    var early = readRoom(bob, room, 1);
    assertThat(early.status()).as("%s", early).isEqualTo(200);
    chatNotifierCaughtUp();
    var unread = client.get(client.token(bob), PATH).json();
    assertThat(unread.get("unreadCount").asLong()).isEqualTo(2);
    assertThat(chat(unread, room).get("readAt").isNull()).isTrue();

    assertThat(readRoom(bob, room, 2).status()).isEqualTo(200);
    Waits.until(
        () -> client.get(client.token(bob), PATH).json().get("unreadCount").asLong() == 1,
        Duration.ofSeconds(10),
        "the chat notification settled by the read");
    var settled = client.get(client.token(bob), PATH).json();
    assertThat(chat(settled, room).get("readAt").isNull()).isFalse();
    assertThat(chat(settled, room).get("count").asInt()).isEqualTo(2);
    var others = client.get(client.token(bob), PATH + "?unreadOnly=true").json();
    assertThat(others.get("notifications")).hasSize(1);
    assertThat(others.get("notifications").get(0).get("id").asString()).isEqualTo(sent);
  }

  @Test
  void refusesSendsWithAUserTokenOrWithoutAToken() {
    var body = Map.of("userIds", List.of("bob"), "kind", "k", "title", "t", "body", "b");
    assertProblem(client.postJson(client.token(user("alice")), PATH, body), 403, "forbidden");
    assertProblem(client.postJson(null, PATH, body), 401, "unauthenticated");
    assertProblem(client.get(null, PATH), 401, "unauthenticated");
  }

  @Test
  void rejectsSendsWithMissingOrBadFields() {
    var good =
        Map.<String, Object>of("userIds", List.of("bob"), "kind", "k", "title", "t", "body", "b");
    for (String field : List.of("userIds", "kind", "title", "body")) {
      var missing = new HashMap<>(good);
      missing.remove(field);
      assertInvalid(client.postJson(service(), PATH, missing), field);
    }
    assertInvalid(post(good, "userIds", List.of()), "userIds");
    var tooMany = IntStream.range(0, 1001).mapToObj(i -> "u" + i).toList();
    assertInvalid(post(good, "userIds", tooMany), "userIds");
    assertInvalid(post(good, "userIds", List.of("bob", "bob")), "userIds[1]");
    assertInvalid(post(good, "userIds", List.of("bo b")), "userIds[0]");
    assertInvalid(post(good, "kind", "trade offer!"), "kind");
    assertInvalid(post(good, "title", "x".repeat(201)), "title");
    assertInvalid(post(good, "data", List.of(1, 2)), "data");
    assertInvalid(post(good, "data", Map.of("blob", "x".repeat(4096))), "data")
        .snippet("notifications-post-invalid");
    assertInvalid(post(good, "idempotencyKey", "a/b"), "idempotencyKey");
    assertInvalid(post(good, "priority", "high"), "priority");
    assertThat(post(good, "data", Map.of("blob", "x".repeat(4000))).status()).isEqualTo(201);
  }

  @Test
  void rejectsMalformedJsonAndBadQueriesAndMarkings() {
    assertProblem(client.post(service(), PATH, "{\"userIds\": [\"bob\""), 400, "validation");
    assertInvalid(client.post(service(), PATH, "{\"userIds\": \"bob\"}"), "userIds");
    String token = client.token(user("alice"));
    assertInvalid(client.get(token, PATH + "?limit=0"), "limit");
    assertInvalid(client.get(token, PATH + "?limit=101"), "limit");
    assertInvalid(client.get(token, PATH + "?before=nonsense"), "before");
    assertInvalid(client.get(token, PATH + "?unreadOnly=maybe"), "unreadOnly");
    assertInvalid(client.postJson(token, PATH + "/read", Map.of()), "ids");
    assertInvalid(
        client.postJson(token, PATH + "/read", Map.of("ids", List.of("a"), "all", true)), "ids");
    assertInvalid(client.postJson(token, PATH + "/read", Map.of("ids", List.of())), "ids");
    assertInvalid(
        client.postJson(
            token, PATH + "/read", Map.of("ids", List.of("a"), "upTo", "2026-01-01T00:00:00Z")),
        "upTo");
    assertInvalid(
        client.postJson(token, PATH + "/read", Map.of("all", true, "upTo", "yesterday")), "upTo");
  }

  private ApiResponse post(Map<String, Object> good, String field, Object value) {
    var body = new HashMap<>(good);
    body.put(field, value);
    return client.postJson(service(), PATH, body);
  }

  private ApiResponse send(List<String> userIds, String kind, String idempotencyKey, Object data) {
    var body = new HashMap<String, Object>();
    body.put("userIds", userIds);
    body.put("kind", kind);
    body.put("title", "Title of " + kind);
    body.put("body", "Body of " + kind);
    if (idempotencyKey != null) {
      body.put("idempotencyKey", idempotencyKey);
    }
    if (data != null) {
      body.put("data", data);
    }
    var response = client.postJson(service(), PATH, body);
    if (response.status() >= 300) {
      throw new AssertionError(response.toString());
    }
    return response;
  }

  private ApiResponse readRoom(String userId, String roomId, long seq) {
    return client.postJson(
        client.token(userId), "/api/v1/rooms/" + roomId + "/read", Map.of("seq", seq));
  }

  /** The user's chat notification of the room in a list page, or null. */
  private static JsonNode chat(JsonNode page, String roomId) {
    for (JsonNode n : page.get("notifications")) {
      if (n.get("kind").asString().equals("chat.message")
          && n.get("data").get("roomId").asString().equals(roomId)) {
        return n;
      }
    }
    return null;
  }

  private long chatSeq(String userId, String roomId) {
    var n = chat(client.get(client.token(userId), PATH).json(), roomId);
    return n == null ? 0 : n.get("data").get("seq").asLong();
  }

  /**
   * The chat notifier handles messages and reads one at a time, in order: once a message posted now
   * has made its notification, everything queued before it is done.
   */
  private void chatNotifierCaughtUp() {
    String poster = user("poster");
    String witness = user("witness");
    String room = group(client.token(poster), "marker", witness);
    say(client.token(poster), room, "c-1", "marker");
    Waits.until(
        () -> chatSeq(witness, room) == 1, Duration.ofSeconds(10), "the marker's notification");
  }

  private static String firstId(ApiResponse sent) {
    return sent.json().get("ids").get(0).asString();
  }

  private String service() {
    return client.serviceToken("backend");
  }
}
