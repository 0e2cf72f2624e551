package io.dugout.fastpath;

import static io.dugout.api.ApiAssertions.assertInvalid;
import static io.dugout.api.ApiAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.ClientPath;
import io.dugout.api.ApiResponse;
import io.dugout.api.ApiTest;
import io.dugout.auth.SecurityConfiguration;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Over real HTTP, a hot read answers the same through the fast path as through the full chain:
 * status, body and headers; and every error on its routes is still the full chain's.
 *
 * <p>Over 300 lines: one test per hot route and per state a route answers from, each comparing the
 * two doors on the same server; split, each part would repeat the comparison it shares.
 */
@ClientPath.EveryPath
class HotReadApiTests extends ApiTest {

  private static final String HISTORY = "/api/v1/rooms/{roomId}/messages";
  private static final String ENTER = "/api/v1/rooms/{roomId}/enter";

  @Autowired MeterRegistry meters;

  /** Headers that describe the transfer, not the answer. */
  private static final Set<String> TRANSFER =
      Set.of("date", "content-length", "transfer-encoding", "keep-alive", "connection");

  @Test
  void aHistoryPageIsTheSameThroughEitherDoor() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    for (int i = 1; i <= 3; i++) {
      say(token, roomId, "c-" + i, "m" + i);
    }
    var image =
        Map.of(
            "clientMsgId",
            "c-4",
            "kind",
            "IMAGE",
            "content",
            "h\u00e9llo \"quoted\" \ud83d\udc4b <b>",
            "attachments",
            List.of(
                Map.of(
                    "url",
                    "https://files.example/p.png",
                    "name",
                    "p.png",
                    "size",
                    2048,
                    "mime",
                    "image/png")));
    var posted = client.postJson(token, "/api/v1/rooms/" + roomId + "/messages", image);
    assertThat(posted.status()).as(posted.body()).isEqualTo(201);
    for (String query : List.of("?limit=3", "?before=4&limit=2", "?after=1", "")) {
      double answered = count(HISTORY, "answered");
      double passed = count(HISTORY, "passed");
      var lean = client.get(token, "/api/v1/rooms/" + roomId + "/messages" + query);
      // why: the fast path leaves a repeated parameter to the full chain, which reads the first
      String repeated = query.isEmpty() ? "?limit=50&limit=50" : query + "&" + query.substring(1);
      var full = client.get(token, "/api/v1/rooms/" + roomId + "/messages" + repeated);

      assertThat(count(HISTORY, "answered")).as("answered by the door").isEqualTo(answered + 1);
      assertThat(count(HISTORY, "passed")).as("passed to the full chain").isEqualTo(passed + 1);
      assertThat(lean.status()).as(query).isEqualTo(200);
      assertSame(lean, full);
    }
  }

  @Test
  void enteringIsTheSameThroughEitherDoor() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    say(token, roomId, "c-1", "hello");
    assertEnteredTheSameThroughEitherDoor(token, roomId, 1);
  }

  @Test
  void enteringARoomWithoutMessagesOrWithATrickyTitleIsTheSameThroughEitherDoor() {
    String token = client.token(user("alice"));
    assertEnteredTheSameThroughEitherDoor(token, group(token, "quiet"), 0);

    // why: a title and a message that look like the JSON around them must not confuse a writer
    String roomId = group(token, "\"lastMessage\":null, h\u00e9llo \ud83d\udc4b");
    var posted =
        client.postJson(
            token,
            "/api/v1/rooms/" + roomId + "/messages",
            Map.of(
                "clientMsgId",
                "c-1",
                "kind",
                "IMAGE",
                "content",
                "\"lastMessage\":null, <b>",
                "attachments",
                List.of(
                    Map.of(
                        "url", "https://files.example/p.png",
                        "name", "p.png",
                        "size", 2048,
                        "mime", "image/png"))));
    assertThat(posted.status()).as(posted.body()).isEqualTo(201);
    assertEnteredTheSameThroughEitherDoor(token, roomId, 1);
  }

  @Test
  void pagesAndRoomsWithChangesRepliesAndMentionsAreTheSameThroughEitherDoor() {
    String bob = user("bob");
    String token = client.token(user("alice"));
    String bobToken = client.token(bob);
    String roomId = group(token, "t", bob);
    String messages = "/api/v1/rooms/" + roomId + "/messages";
    say(token, roomId, "c-1", "the glove, 12 EUR");
    client.postJson(
        bobToken,
        messages,
        Map.of(
            "clientMsgId",
            "c-2",
            "kind",
            "TEXT",
            "content",
            "ok?",
            "replyTo",
            1,
            "mentions",
            List.of(bob)));
    client.send("PATCH", token, messages + "/1", "{\"clientMsgId\":\"e\",\"content\":\"10 EUR\"}");
    client.send("PUT", bobToken, messages + "/1/reactions/%F0%9F%91%8D", null);
    // why 3 of the 4 entries: the edit (3) changes message 1, which the page shows as it is now
    assertEnteredTheSameThroughEitherDoor(bobToken, roomId, 3);

    client.send("DELETE", bobToken, messages + "/2", null);
    for (String query : List.of("?limit=2", "?after=1", "?before=4", "")) {
      var lean = client.get(bobToken, messages + query);
      String repeated = query.isEmpty() ? "?limit=50&limit=50" : query + "&" + query.substring(1);
      assertSame(lean, client.get(bobToken, messages + repeated));
    }
    assertEnteredTheSameThroughEitherDoor(token, roomId, 3); // 5, 2 and 1: 4 and 3 are shown
  }

  private void assertEnteredTheSameThroughEitherDoor(String token, String roomId, int entries) {
    double answered = count(ENTER, "answered");
    double passed = count(ENTER, "passed");
    var lean = client.post(token, "/api/v1/rooms/" + roomId + "/enter", null);
    // why: the fast path leaves requests with a body to the full chain, which ignores this one
    var full = client.post(token, "/api/v1/rooms/" + roomId + "/enter", "{}");

    assertThat(count(ENTER, "answered")).as("answered by the door").isEqualTo(answered + 1);
    assertThat(count(ENTER, "passed")).as("passed to the full chain").isEqualTo(passed + 1);
    assertThat(lean.status()).isEqualTo(200);
    assertThat(lean.json().get("messages")).hasSize(entries);
    assertSame(lean, full);
  }

  @Test
  void aMemberWhoseReadMarkerMovedIsShownAsNowThroughEitherDoor() {
    String alice = client.token(user("alice"));
    String bob = user("bob");
    String roomId = group(alice, "t", bob);
    say(alice, roomId, "c-1", "hello");
    String enter = "/api/v1/rooms/" + roomId + "/enter";
    assertThat(lastReadSeqOf(bob, client.post(alice, enter, null))).isZero();

    var read =
        client.postJson(client.token(bob), "/api/v1/rooms/" + roomId + "/read", Map.of("seq", 1));
    assertThat(read.status()).as(read.body()).isEqualTo(200);

    var lean = client.post(alice, enter, null);
    assertThat(lastReadSeqOf(bob, lean)).isEqualTo(1);
    assertSame(lean, client.post(alice, enter, "{}"));
  }

  @Test
  void theCallersUnreadCountAndMuteAndTheNewestMessageAreAsNowThroughEitherDoor() {
    String alice = client.token(user("alice"));
    String bobId = user("bob");
    String bob = client.token(bobId);
    String roomId = group(alice, "t", bobId);
    String enter = "/api/v1/rooms/" + roomId + "/enter";
    say(alice, roomId, "c-1", "one");
    say(alice, roomId, "c-2", "two");
    var muted = client.send("PUT", bob, "/api/v1/rooms/" + roomId + "/mute", null);
    assertThat(muted.status()).as(muted.body()).isEqualTo(200);

    var lean = client.post(bob, enter, null);
    assertThat(lean.json().get("room").get("unreadCount").asLong()).isEqualTo(2);
    assertThat(lean.json().get("room").get("muted").asBoolean()).isTrue();
    assertSame(lean, client.post(bob, enter, "{}"));

    say(alice, roomId, "c-3", "three");
    lean = client.post(bob, enter, null);
    assertThat(lean.json().get("room").get("unreadCount").asLong()).isEqualTo(3);
    assertThat(lean.json().get("room").get("lastMessage").get("content").asString())
        .isEqualTo("three");
    assertSame(lean, client.post(bob, enter, "{}"));

    lean = client.post(alice, enter, null);
    assertThat(lean.json().get("room").get("unreadCount").asLong()).isZero();
    assertThat(lean.json().get("room").get("muted").asBoolean()).isFalse();
    assertSame(lean, client.post(alice, enter, "{}"));

    String service = client.serviceToken("backend");
    lean = client.post(service, enter, null);
    assertThat(lean.json().get("room").get("unreadCount").asLong()).isZero();
    assertSame(lean, client.post(service, enter, "{}"));
  }

  private static long lastReadSeqOf(String userId, ApiResponse entered) {
    for (var member : entered.json().get("room").get("members")) {
      if (member.get("userId").asString().equals(userId)) {
        return member.get("lastReadSeq").asLong();
      }
    }
    throw new AssertionError(userId + " is not among the members: " + entered.body());
  }

  @Test
  void theSecurityHeadersAreThoseOfEveryOtherAnswer() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    double answered = count(HISTORY, "answered");
    var lean = client.get(token, "/api/v1/rooms/" + roomId + "/messages");
    var room = client.get(token, "/api/v1/rooms/" + roomId);

    assertThat(count(HISTORY, "answered")).as("answered on the fast path").isEqualTo(answered + 1);
    // why: the fast path writes Spring Security's headers itself; this is what would catch a
    // Spring Security upgrade that changes them
    assertThat(answerHeaders(lean)).isEqualTo(answerHeaders(room));
  }

  @Test
  void errorsOnTheHotRoutesAreTheFullChains() {
    String alice = client.token(user("alice"));
    String stranger = client.token(user("stranger"));
    String roomId = group(alice, "t");
    String history = "/api/v1/rooms/" + roomId + "/messages";

    var badToken = client.get(alice + "x", history);
    assertProblem(badToken, 401, "unauthenticated");
    assertThat(badToken.headers("WWW-Authenticate"))
        .containsExactly(SecurityConfiguration.INVALID_TOKEN_CHALLENGE);
    assertProblem(client.get(null, history), 401, "unauthenticated");
    assertProblem(client.get(stranger, history), 403, "forbidden");
    assertProblem(
        client.post(stranger, "/api/v1/rooms/" + roomId + "/enter", null), 403, "forbidden");
    assertProblem(client.get(alice, "/api/v1/rooms/no-such-room/messages"), 404, "not_found");
    assertInvalid(client.get(alice, history + "?before=0"), "before");
    assertInvalid(client.get(alice, history + "?limit=many"), "limit");
    var html =
        client.exchange(
            client
                .request(history)
                .header("Authorization", "Bearer " + alice)
                .header("Accept", "text/html")
                .build(),
            "GET",
            history,
            null);
    assertThat(html.status()).isEqualTo(406);
  }

  @Test
  void bothWaysInTimeARequestIntoOneSeriesThatNamesTheRouteTemplate() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    String history = "/api/v1/rooms/" + roomId + "/messages";
    long before = timed(HISTORY);
    double passed = count(HISTORY, "passed");

    assertThat(client.get(token, history + "?limit=2").status()).isEqualTo(200);
    // why: a percent-encoded query is the full chain's to decode
    assertThat(client.get(token, history + "?limit=%32").status()).isEqualTo(200);

    assertThat(count(HISTORY, "passed")).isEqualTo(passed + 1);
    assertThat(
            meters
                .find("http.server.requests")
                .tags("method", "GET", "uri", HISTORY, "status", "200")
                .timers())
        .as("the door's timer and the observation's are one meter")
        .hasSize(1);
    assertThat(timed(HISTORY)).isEqualTo(before + 2);
    String metrics = client.get(client.serviceToken(user("ops")), "/actuator/prometheus").body();
    assertThat(metrics)
        .containsPattern(
            "http_server_requests_seconds_count\\{[^}]*uri=\"/api/v1/rooms/\\{roomId\\}/messages\"");
  }

  private long timed(String route) {
    var timer =
        meters
            .find("http.server.requests")
            .tags("method", "GET", "uri", route, "status", "200")
            .timer();
    return timer == null ? 0 : timer.count();
  }

  private double count(String route, String outcome) {
    return meters
        .get("dugout.http.lean.requests")
        .tag("route", route)
        .tag("outcome", outcome)
        .counter()
        .count();
  }

  private static void assertSame(ApiResponse lean, ApiResponse full) {
    assertThat(full.status()).isEqualTo(lean.status());
    assertThat(full.body()).isEqualTo(lean.body());
    assertThat(answerHeaders(full)).isEqualTo(answerHeaders(lean));
  }

  private static Map<String, List<String>> answerHeaders(ApiResponse response) {
    var headers = new TreeMap<String, List<String>>();
    response
        .headers()
        .forEach(
            (name, values) -> {
              if (!TRANSFER.contains(name.toLowerCase(java.util.Locale.ROOT))) {
                headers.put(name.toLowerCase(java.util.Locale.ROOT), values);
              }
            });
    return headers;
  }
}
