package io.dugout.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Keeps the REST part of {@code docs/protocol.md} true: its JSON examples have exactly the fields
 * of real responses, its response shapes name real fields, and the requests it shows are ones the
 * server accepts.
 *
 * <p>Over 300 lines: one class reads protocol.md once and checks both directions (documented
 * requests are served, real answers match the documented examples) against one running node.
 */
class ProtocolDocTests extends ApiTest {

  private static final Path PROTOCOL = Path.of("..", "docs", "protocol.md");
  private static final Pattern FENCE = Pattern.compile("(?ms)^```(\\w*)\\n(.*?)^```");
  private static final Pattern REQUEST_LINE =
      Pattern.compile("^(GET|POST|PUT|PATCH|DELETE)\\s+(/api/\\S+)\\s*(\\{.*?\\})?");
  private static final Pattern SHAPE = Pattern.compile("(?:→\\s*)?\\b[1-5]\\d\\d\\s+(\\{.*\\})");

  /** A quoted name right after "{" or ",": a field name, never a value. */
  private static final Pattern KEY = Pattern.compile("[{,]\\s*\"(\\w+)\"\\s*(?=[:,}])");

  private static final String NOTIFICATIONS = "/api/v1/notifications";

  /** Real responses of each kind, made by this test against the running server. */
  private final Map<String, List<JsonNode>> real = new LinkedHashMap<>();

  @BeforeEach
  void collectRealResponses() {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    String bobToken = client.token(bob);
    String roomId = group(aliceToken, "Sunday league", bob);
    say(bobToken, roomId, "c-1", "hello");
    var image =
        client.postJson(
            aliceToken,
            "/api/v1/rooms/" + roomId + "/messages",
            Map.of(
                "clientMsgId",
                "c-img",
                "kind",
                "IMAGE",
                "content",
                "",
                "attachments",
                List.of(
                    Map.of(
                        "url",
                        "https://cdn.example/1.png",
                        "name",
                        "1.png",
                        "size",
                        10,
                        "mime",
                        "image/png"))));
    var trade =
        client.postJson(
            aliceToken,
            "/api/v1/rooms",
            Map.of(
                "type",
                "TRADE",
                "memberIds",
                List.of(bob),
                "trade",
                Map.of("itemId", "glove-42", "sellerId", bob)));
    var entered = client.post(aliceToken, "/api/v1/rooms/" + roomId + "/enter", null);
    var list = client.get(bobToken, "/api/v1/rooms");
    var history = client.get(aliceToken, "/api/v1/rooms/" + roomId + "/messages?limit=1");
    var member =
        client.postJson(
            aliceToken, "/api/v1/rooms/" + roomId + "/members", Map.of("userId", user("dave")));
    var read = client.postJson(bobToken, "/api/v1/rooms/" + roomId + "/read", Map.of("seq", 1));
    var token = client.post(null, "/api/v1/dev/token", "{\"userId\":\"alice\"}");
    String carol = user("carol");
    var sent =
        client.postJson(
            client.serviceToken("backend"),
            NOTIFICATIONS,
            Map.of(
                "userIds",
                List.of(carol),
                "kind",
                "trade.offer",
                "title",
                "New offer",
                "body",
                "12 EUR for your bat",
                "data",
                Map.of("itemId", "bat-7", "amount", 12)));
    var notifications = client.get(client.token(carol), NOTIFICATIONS);
    var marked = client.postJson(client.token(carol), NOTIFICATIONS + "/read", Map.of("all", true));
    // why: bob's message made alice a chat notification, off the send path
    Waits.until(
        () -> !client.get(aliceToken, NOTIFICATIONS).json().get("notifications").isEmpty(),
        Duration.ofSeconds(10),
        "alice's chat notification");
    var chat = client.get(aliceToken, NOTIFICATIONS).json().get("notifications").get(0);

    add(
        "room",
        client.get(aliceToken, "/api/v1/rooms/" + roomId).json(),
        trade.json(),
        list.json().get("rooms").get(0));
    var reply =
        client.postJson(
            bobToken,
            "/api/v1/rooms/" + roomId + "/messages",
            Map.of(
                "clientMsgId",
                "c-2",
                "kind",
                "TEXT",
                "content",
                "yes",
                "replyTo",
                1,
                "mentions",
                List.of(alice)));
    String first = "/api/v1/rooms/" + roomId + "/messages/1";
    var edited =
        client.send("PATCH", bobToken, first, "{\"clientMsgId\":\"e-1\",\"content\":\"hi there\"}");
    // why: read forward, as a client brings its messages up to date; a backward page leaves it out
    long changeSeq = edited.number("changedSeq");
    var change =
        client.get(
            aliceToken,
            "/api/v1/rooms/" + roomId + "/messages?after=" + (changeSeq - 1) + "&limit=1");
    var reactions = client.send("PUT", aliceToken, first + "/reactions/%F0%9F%91%8D", null);
    byte[] png = DugoutClient.png(640, 480);
    var slot =
        client.postJson(
            aliceToken,
            "/api/v1/rooms/" + roomId + "/uploads",
            Map.of("name", "glove.png", "size", png.length, "type", "image/png"));
    var stored = client.putBytes(slot.text("url"), png);
    var photo =
        client.postJson(
            aliceToken,
            "/api/v1/rooms/" + roomId + "/messages",
            Map.of(
                "clientMsgId",
                "c-photo",
                "kind",
                "IMAGE",
                "attachments",
                List.of(Map.of("uploadId", slot.text("uploadId")))));
    add("uploadSlot", slot.json());
    add("upload", stored.json());
    add("uploadMessage", photo.json());
    add(
        "message",
        image.json(),
        history.json().get("messages").get(0),
        reply.json(),
        edited.json(),
        change.json().get("messages").get(0));
    add("reactions", reactions.json());
    add("roomList", list.json());
    add("entered", entered.json());
    add("history", history.json());
    add("member", member.json());
    add("readMarker", read.json());
    add("devToken", token.json());
    add("notificationsSent", sent.json());
    add("notificationPage", notifications.json());
    add("notification", notifications.json().get("notifications").get(0), chat);
    add("notificationsMarked", marked.json());
    client.send("PUT", aliceToken, "/api/v1/users/me/blocks/" + user("zed"), null);
    add("blockPage", client.get(aliceToken, "/api/v1/users/me/blocks").json());
    add(
        "deadLetterPage",
        client
            .get(client.serviceToken("operator"), "/api/v1/admin/notifications/dead-letters")
            .json());
    add(
        "problem",
        client
            .post(aliceToken, "/api/v1/rooms/" + roomId + "/messages", "{\"kind\":\"TEXT\"}")
            .json(),
        client.get(client.token(user("mallory")), "/api/v1/rooms/" + roomId).json(),
        client.get(null, "/api/v1/rooms").json(),
        client
            .post(aliceToken, "/api/v1/rooms", "{\"title\":\"" + "x".repeat(70_000) + "\"}")
            .json());
  }

  @Test
  void everyJsonExampleOfTheRestPartHasExactlyTheFieldsOfARealResponse() {
    var examples = jsonExamples();
    assertThat(examples)
        .as("JSON examples in the REST part of protocol.md")
        .hasSizeGreaterThanOrEqualTo(5);
    var kindsSeen = new TreeSet<String>();
    for (JsonNode example : examples) {
      String kind = kindOf(example);
      if ("message".equals(kind) && example.toString().contains("uploadId")) {
        kind = "uploadMessage";
      }
      assertThat(kind).as("what kind of response this example is: %s", example).isNotNull();
      kindsSeen.add(kind);
      var mismatches = new ArrayList<String>();
      boolean matches =
          real.get(kind).stream().anyMatch(sample -> sameFields("", example, sample, mismatches));
      assertThat(matches)
          .as("example %s has the fields of a real %s; differences: %s", example, kind, mismatches)
          .isTrue();
    }
    assertThat(kindsSeen).contains("room", "message", "problem", "member", "readMarker");
  }

  @Test
  void everyResponseShapeOfTheRestPartNamesTheFieldsOfARealResponse() {
    int checked = 0;
    for (String block : plainBlocks()) {
      for (String line : block.lines().toList()) {
        Matcher shape = SHAPE.matcher(line);
        if (!shape.find()) {
          continue;
        }
        Set<String> keys = keysOf(shape.group(1));
        if (keys.isEmpty()) {
          continue;
        }
        checked++;
        boolean known =
            real.values().stream()
                .flatMap(List::stream)
                .anyMatch(sample -> fields(sample).equals(keys));
        assertThat(known)
            .as("response shape %s names the fields %s of some real response", line.strip(), keys)
            .isTrue();
      }
    }
    assertThat(checked).as("response shapes found").isGreaterThanOrEqualTo(4);
  }

  @Test
  void everyDocumentedRequestIsServedAndEveryRequestExampleIsAccepted() {
    int sent = 0;
    for (String block : plainBlocks()) {
      String method = null;
      String path = null;
      for (String line : block.lines().map(String::strip).toList()) {
        Matcher request = REQUEST_LINE.matcher(line);
        if (request.find()) {
          method = request.group(1);
          path = request.group(2);
          if (request.group(3) != null) {
            sendAsDocumented(method, path, request.group(3));
            sent++;
          } else if (!block.contains("\n{")
              || method.equals("GET")
              || method.equals("DELETE")
              || path.endsWith("/enter")) {
            if (!path.contains("…")) {
              sendAsDocumented(method, path, null);
              sent++;
            }
          }
        } else if (line.startsWith("{") && method != null) {
          sendAsDocumented(method, path, line);
          sent++;
        }
      }
    }
    assertThat(sent).as("documented requests sent").isGreaterThanOrEqualTo(12);
  }

  private void sendAsDocumented(String method, String path, String body) {
    if (body != null) {
      DugoutClient.JSON.readTree(body); // the example itself must be JSON
    }
    String caller = user("alice");
    String token =
        path.startsWith("/api/v1/dev/")
            ? null
            : method.equals("POST") && path.equals(NOTIFICATIONS)
                ? client.serviceToken("backend")
                : path.startsWith("/api/v1/admin/")
                    ? client.serviceToken("operator")
                    : client.token(caller);
    String resolved = path;
    if (path.contains("{roomId}")) {
      String roomId = group(token, "doc", "dave");
      resolved = resolved.replace("{roomId}", roomId).replace("{userId}", "dave");
      if (path.contains("{seq}")) {
        long seq = say(token, roomId, "doc-" + UUID.randomUUID(), "a message").number("seq");
        resolved = resolved.replace("{seq}", Long.toString(seq)).replace("{emoji}", "%F0%9F%91%8D");
      }
    }
    resolved = resolved.replace("{userId}", "dave");
    if (resolved.contains("{uploadId}") || (body != null && body.contains("{uploadId}"))) {
      String roomId = resolved.split("/")[4];
      String uploadId = client.uploadPng(token, roomId, "doc.png", DugoutClient.png(4, 4));
      resolved = resolved.replace("{uploadId}", uploadId);
      body = body == null ? null : body.replace("{uploadId}", uploadId);
    }
    var response = client.send(method, token, resolved, body);
    // why: a file from an S3 store is answered with a redirect to the store, as documented
    int served = path.contains("/files/") && response.status() == 302 ? 200 : response.status();
    assertThat(served)
        .as("the documented request %s %s %s", method, path, body == null ? "" : body)
        .isBetween(200, 299);
  }

  private void add(String kind, JsonNode... samples) {
    real.put(kind, List.of(samples));
  }

  /** Recognises what an example shows by the fields only that kind of response has. */
  private static String kindOf(JsonNode example) {
    Map<String, Predicate<JsonNode>> kinds = new LinkedHashMap<>();
    kinds.put("problem", n -> n.has("status") && n.has("code"));
    kinds.put("uploadSlot", n -> n.has("uploadId") && n.has("method"));
    kinds.put("upload", n -> n.has("uploadId") && n.has("type") && !n.has("method"));
    kinds.put("deadLetterPage", n -> n.has("deadLetters"));
    kinds.put("blockPage", n -> n.has("blocks"));
    kinds.put("notificationPage", n -> n.has("notifications"));
    kinds.put("notification", n -> n.has("kind") && n.has("count") && n.has("readAt"));
    kinds.put("notificationsSent", n -> n.has("ids"));
    kinds.put("notificationsMarked", n -> n.has("marked"));
    kinds.put("entered", n -> n.has("room") && n.has("messages"));
    kinds.put("roomList", n -> n.has("rooms"));
    kinds.put("history", n -> n.has("messages") && n.has("hasMore"));
    kinds.put("room", n -> n.has("type") && n.has("lastSeq"));
    kinds.put("message", n -> n.has("seq") && n.has("senderId"));
    kinds.put("reactions", n -> n.has("reactions") && n.has("seq"));
    kinds.put("member", n -> n.has("role") && n.has("joinedAt"));
    kinds.put("readMarker", n -> n.has("lastReadSeq") && n.has("unreadCount"));
    kinds.put("devToken", n -> n.has("token"));
    return kinds.entrySet().stream()
        .filter(e -> e.getValue().test(example))
        .map(Map.Entry::getKey)
        .findFirst()
        .orElse(null);
  }

  /** Same field names at every level where both sides have an object (or an array of them). */
  private static boolean sameFields(
      String at, JsonNode doc, JsonNode real, List<String> mismatches) {
    if (doc.isObject() && real.isObject()) {
      if (!fields(doc).equals(fields(real))) {
        var missing = new TreeSet<>(fields(real));
        missing.removeAll(fields(doc));
        var extra = new TreeSet<>(fields(doc));
        extra.removeAll(fields(real));
        mismatches.add(
            (at.isEmpty() ? "top level" : at) + ": missing " + missing + ", not real " + extra);
        return false;
      }
      for (String field : fields(doc)) {
        if (!sameFields(at + "." + field, doc.get(field), real.get(field), mismatches)) {
          return false;
        }
      }
      return true;
    }
    if (doc.isArray() && real.isArray() && !doc.isEmpty() && !real.isEmpty()) {
      for (JsonNode element : doc) {
        if (!sameFields(at + "[]", element, real.get(0), mismatches)) {
          return false;
        }
      }
    }
    return true;
  }

  private static Set<String> fields(JsonNode node) {
    return new TreeSet<>(node.propertyNames());
  }

  private static Set<String> keysOf(String shape) {
    var keys = new TreeSet<String>();
    Matcher key = KEY.matcher(shape.replaceAll("\\[[^\\]]*]", "[]"));
    while (key.find()) {
      keys.add(key.group(1));
    }
    return keys;
  }

  private static List<JsonNode> jsonExamples() {
    var examples = new ArrayList<JsonNode>();
    for (Matcher fence = FENCE.matcher(restPart()); fence.find(); ) {
      if (fence.group(1).equals("json")) {
        try (var values =
            DugoutClient.JSON.readerFor(JsonNode.class).<JsonNode>readValues(fence.group(2))) {
          values.forEachRemaining(examples::add);
        }
      }
    }
    return examples;
  }

  private static List<String> plainBlocks() {
    var blocks = new ArrayList<String>();
    for (Matcher fence = FENCE.matcher(restPart()); fence.find(); ) {
      if (fence.group(1).isEmpty()) {
        blocks.add(fence.group(2));
      }
    }
    return blocks;
  }

  /** Everything before the real-time (STOMP) part: authentication, errors and REST. */
  private static String restPart() {
    try {
      String doc = Files.readString(PROTOCOL);
      int realTime = doc.indexOf("\n## Real time");
      assertThat(realTime).as("protocol.md has a real-time part after the REST part").isPositive();
      return doc.substring(0, realTime);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
