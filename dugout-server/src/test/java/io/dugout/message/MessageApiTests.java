package io.dugout.message;

import static io.dugout.api.ApiAssertions.assertInvalid;
import static io.dugout.api.ApiAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.ApiResponse;
import io.dugout.api.ApiTest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Posting messages and reading history over real HTTP. */
class MessageApiTests extends ApiTest {

  @Test
  void postsAMessageWithTheNextSeqAndEveryField() {
    String alice = user("alice");
    String token = client.token(alice);
    String roomId = group(token, "t");
    Instant before = Instant.now();
    var posted =
        client
            .postJson(
                token,
                messages(roomId),
                Map.of(
                    "clientMsgId",
                    "c-7f3a",
                    "kind",
                    "TEXT",
                    "content",
                    "hi",
                    "attachments",
                    List.of()))
            .snippet("messages-post");
    assertThat(posted.status()).isEqualTo(201);
    var message = posted.json();
    assertThat(message.get("roomId").asString()).isEqualTo(roomId);
    assertThat(message.get("seq").asLong()).isEqualTo(1);
    assertThat(message.get("senderId").asString()).isEqualTo(alice);
    assertThat(message.get("kind").asString()).isEqualTo("TEXT");
    assertThat(message.get("content").asString()).isEqualTo("hi");
    assertThat(message.get("attachments")).isEmpty();
    assertThat(message.get("clientMsgId").asString()).isEqualTo("c-7f3a");
    String sentAt = message.get("sentAt").asString();
    assertThat(sentAt).endsWith("Z");
    assertThat(Instant.parse(sentAt))
        .isBetween(before.minusSeconds(1), Instant.now().plusSeconds(1));
    assertThat(say(token, roomId, "c-2", "again").number("seq")).isEqualTo(2);
  }

  @Test
  void returnsTheOriginalAndStoresNothingWhenAClientMsgIdIsRetried() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    var first = say(token, roomId, "c-1", "hello");
    var retry =
        say(token, roomId, "c-1", "hello, edited in the retry").snippet("messages-post-retry");
    assertThat(retry.status()).isEqualTo(200);
    assertThat(retry.json()).isEqualTo(first.json());
    var history = client.get(token, messages(roomId)).json().get("messages");
    assertThat(history).hasSize(1);
    assertThat(history.get(0).get("content").asString()).isEqualTo("hello");
    assertThat(say(token, roomId, "c-2", "next").number("seq")).isEqualTo(2);
  }

  @Test
  void dedupesPerSenderSoTwoUsersMayUseTheSameClientMsgId() {
    String bob = user("bob");
    String aliceToken = client.token(user("alice"));
    String roomId = group(aliceToken, "t", bob);
    assertThat(say(aliceToken, roomId, "c-1", "a").status()).isEqualTo(201);
    var bobs = say(client.token(bob), roomId, "c-1", "b");
    assertThat(bobs.status()).isEqualTo(201);
    assertThat(bobs.number("seq")).isEqualTo(2);
  }

  @Test
  void storesAttachmentMetadataOfImagesAndFiles() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    var image =
        Map.of(
            "url",
            "https://cdn.example/p/1.png",
            "name",
            "1.png",
            "size",
            48213,
            "mime",
            "image/png");
    var posted =
        client
            .postJson(
                token,
                messages(roomId),
                Map.of(
                    "clientMsgId",
                    "c-img",
                    "kind",
                    "IMAGE",
                    "content",
                    "",
                    "attachments",
                    List.of(image)))
            .snippet("messages-post-image");
    assertThat(posted.status()).isEqualTo(201);
    JsonNode attachment = posted.json().get("attachments").get(0);
    assertThat(attachment.get("url").asString()).isEqualTo("https://cdn.example/p/1.png");
    assertThat(attachment.get("name").asString()).isEqualTo("1.png");
    assertThat(attachment.get("size").asLong()).isEqualTo(48213);
    assertThat(attachment.get("mime").asString()).isEqualTo("image/png");

    var file =
        Map.of(
            "url",
            "https://cdn.example/f/rules.pdf",
            "name",
            "rules.pdf",
            "size",
            1_000_000,
            "mime",
            "application/pdf");
    var filePost =
        client.postJson(
            token,
            messages(roomId),
            Map.of(
                "clientMsgId",
                "c-file",
                "kind",
                "FILE",
                "content",
                "league rules",
                "attachments",
                List.of(file, file)));
    assertThat(filePost.status()).isEqualTo(201);
    assertThat(filePost.json().get("attachments")).hasSize(2);
    var stored = client.get(token, messages(roomId)).json().get("messages");
    assertThat(stored.get(0).get("attachments")).isEqualTo(filePost.json().get("attachments"));
    assertThat(stored.get(1).get("attachments").get(0)).isEqualTo(attachment);
  }

  @Test
  void rejectsImagesAndFilesWithoutAttachmentsAndTooManyAttachments() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    assertInvalid(
        client.postJson(
            token, messages(roomId), Map.of("clientMsgId", "c-1", "kind", "IMAGE", "content", "")),
        "attachments");
    var one = Map.of("url", "https://cdn.example/a", "name", "a", "size", 1, "mime", "text/plain");
    var eleven = new ArrayList<Object>();
    for (int i = 0; i < 11; i++) {
      eleven.add(one);
    }
    assertInvalid(
        client.postJson(
            token,
            messages(roomId),
            Map.of("clientMsgId", "c-2", "kind", "FILE", "content", "", "attachments", eleven)),
        "attachments");
    var ten = eleven.subList(0, 10);
    assertThat(
            client
                .postJson(
                    token,
                    messages(roomId),
                    Map.of("clientMsgId", "c-3", "kind", "FILE", "content", "", "attachments", ten))
                .status())
        .isEqualTo(201);
    assertInvalid(
        client.postJson(
            token,
            messages(roomId),
            Map.of(
                "clientMsgId",
                "c-4",
                "kind",
                "FILE",
                "attachments",
                List.of(Map.of("url", "https://x/a", "size", 1, "mime", "a/b")))),
        "attachments[0].name");
    assertInvalid(
        client.post(
            token,
            messages(roomId),
            "{\"clientMsgId\":\"c-5\",\"kind\":\"FILE\",\"attachments\":[{\"url\":\"https://x/a\",\"name\":\"a\",\"size\":\"big\",\"mime\":\"a/b\"}]}"),
        "attachments[0].size");
  }

  @Test
  void acceptsContentOfExactlyTheByteLimitAndRejectsOneByteMore() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    assertThat(say(token, roomId, "c-1", "a".repeat(4096)).status()).isEqualTo(201);
    assertInvalid(say(token, roomId, "c-2", "a".repeat(4097)), "content")
        .snippet("problem-validation");
  }

  @Test
  void countsContentInUtf8BytesNotCharacters() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    assertThat(say(token, roomId, "c-1", "é".repeat(2048)).status())
        .as("2 bytes each")
        .isEqualTo(201);
    assertInvalid(say(token, roomId, "c-2", "é".repeat(2049)), "content");
    assertInvalid(say(token, roomId, "c-3", "€".repeat(1366)), "content");
    assertThat(say(token, roomId, "c-4", "⚾".repeat(1365)).status())
        .as("3 bytes each")
        .isEqualTo(201);
    assertThat(say(token, roomId, "c-5", "😀".repeat(1024)).status())
        .as("4 bytes each")
        .isEqualTo(201);
    assertInvalid(say(token, roomId, "c-6", "😀".repeat(1024) + "a"), "content");
  }

  @Test
  void rejectsMessagesWithoutClientMsgIdKindOrContent() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    assertInvalid(
        client.postJson(token, messages(roomId), Map.of("kind", "TEXT", "content", "hi")),
        "clientMsgId");
    assertInvalid(
        client.postJson(
            token,
            messages(roomId),
            Map.of("clientMsgId", "has space", "kind", "TEXT", "content", "hi")),
        "clientMsgId");
    assertInvalid(
        client.postJson(
            token,
            messages(roomId),
            Map.of("clientMsgId", "c".repeat(65), "kind", "TEXT", "content", "hi")),
        "clientMsgId");
    assertInvalid(
        client.postJson(token, messages(roomId), Map.of("clientMsgId", "c-1", "content", "hi")),
        "kind");
    assertInvalid(
        client.postJson(token, messages(roomId), Map.of("clientMsgId", "c-1", "kind", "TEXT")),
        "content");
    assertInvalid(
        client.postJson(
            token,
            messages(roomId),
            Map.of("clientMsgId", "c-1", "kind", "EMOJI", "content", "  ")),
        "content");
    assertInvalid(
        client.post(
            token,
            messages(roomId),
            "{\"clientMsgId\":\"c-1\",\"kind\":\"NOPE\",\"content\":\"hi\"}"),
        "kind");
    assertThat(client.get(token, messages(roomId)).json().get("messages")).isEmpty();
  }

  @Test
  void rejectsSystemMessagesFromAUser() {
    String token = client.token(user("alice"));
    String roomId = group(token, "t");
    assertProblem(
        client.postJson(
            token,
            messages(roomId),
            Map.of("clientMsgId", "c-1", "kind", "SYSTEM", "content", "hi")),
        403,
        "forbidden");
  }

  @Test
  void rejectsAUserPostingAsSomeoneElse() {
    String bob = user("bob");
    String token = client.token(user("alice"));
    String roomId = group(token, "t", bob);
    assertProblem(
        client.postJson(
            token,
            messages(roomId),
            Map.of("clientMsgId", "c-1", "kind", "TEXT", "content", "hi", "senderId", bob)),
        403,
        "forbidden");
    assertThat(client.get(token, messages(roomId)).json().get("messages")).isEmpty();
  }

  @Test
  void letsAServiceTokenPostSystemMessagesAndPostAsAMember() {
    String alice = user("alice");
    String roomId = group(client.token(alice), "t");
    String service = client.serviceToken("backend");
    var system =
        client
            .postJson(
                service,
                messages(roomId),
                Map.of("clientMsgId", "s-1", "kind", "SYSTEM", "content", "Your order has shipped"))
            .snippet("messages-post-system");
    assertThat(system.status()).isEqualTo(201);
    assertThat(system.text("kind")).isEqualTo("SYSTEM");
    assertThat(system.text("senderId")).isEqualTo("backend");

    var forAlice =
        Map.of(
            "clientMsgId", "s-2", "kind", "TEXT", "content", "posted for alice", "senderId", alice);
    var asAlice = client.postJson(service, messages(roomId), forAlice);
    assertThat(asAlice.status()).isEqualTo(201);
    assertThat(asAlice.text("senderId")).isEqualTo(alice);
    assertThat(asAlice.number("seq")).isEqualTo(2);

    var retry = client.postJson(service, messages(roomId), forAlice);
    assertThat(retry.status()).isEqualTo(200);
    assertThat(retry.json()).isEqualTo(asAlice.json());

    assertProblem(
        client.postJson(
            service,
            messages(roomId),
            Map.of(
                "clientMsgId",
                "s-3",
                "kind",
                "TEXT",
                "content",
                "hi",
                "senderId",
                user("stranger"))),
        403,
        "forbidden");
    var history = client.get(service, messages(roomId));
    assertThat(history.status()).isEqualTo(200);
    assertThat(history.json().get("messages")).hasSize(2);
  }

  @Test
  void rejectsPostsAndHistoryReadsOfRoomTheUserIsNotIn() {
    String roomId = group(client.token(user("alice")), "t");
    String mallory = client.token(user("mallory"));
    assertProblem(say(mallory, roomId, "c-1", "let me in"), 403, "forbidden")
        .snippet("problem-forbidden");
    assertProblem(client.get(mallory, messages(roomId)), 403, "forbidden");
    assertProblem(client.get(mallory, messages(roomId) + "?after=0"), 403, "forbidden");
    String unknown = "0193f6c2-0000-7000-8000-00000000dead";
    assertProblem(say(mallory, unknown, "c-1", "hi"), 404, "not_found");
    assertProblem(client.get(mallory, messages(unknown)), 404, "not_found");
  }

  @Test
  void returnsTheNewestFiftyByDefaultNewestFirst() {
    String token = client.token(user("alice"));
    String roomId = postMany(token, 60);
    var page = client.get(token, messages(roomId)).snippet("messages-history");
    assertThat(page.status()).isEqualTo(200);
    assertThat(seqs(page)).containsExactlyElementsOf(range(60, 11));
    assertThat(page.json().get("hasMore").asBoolean()).isTrue();
  }

  @Test
  void pagesBackwardsWithBeforeUntilTheFirstMessage() {
    String token = client.token(user("alice"));
    String roomId = postMany(token, 25);
    var first = client.get(token, messages(roomId) + "?limit=10");
    assertThat(seqs(first)).containsExactlyElementsOf(range(25, 16));
    var second =
        client
            .get(token, messages(roomId) + "?before=16&limit=10")
            .snippet("messages-history-before");
    assertThat(seqs(second)).containsExactlyElementsOf(range(15, 6));
    assertThat(second.json().get("hasMore").asBoolean()).isTrue();
    var last = client.get(token, messages(roomId) + "?before=6&limit=10");
    assertThat(seqs(last)).containsExactlyElementsOf(range(5, 1));
    assertThat(last.json().get("hasMore").asBoolean()).isFalse();
    var none = client.get(token, messages(roomId) + "?before=1");
    assertThat(seqs(none)).isEmpty();
    assertThat(none.json().get("hasMore").asBoolean()).isFalse();
  }

  @Test
  void pagesForwardWithAfterNewestFirstWithinEachPage() {
    String token = client.token(user("alice"));
    String roomId = postMany(token, 25);
    var page =
        client.get(token, messages(roomId) + "?after=10&limit=5").snippet("messages-history-after");
    assertThat(seqs(page)).containsExactlyElementsOf(range(15, 11));
    assertThat(page.json().get("hasMore").asBoolean()).isTrue();
    var tail = client.get(token, messages(roomId) + "?after=20&limit=5");
    assertThat(seqs(tail)).containsExactlyElementsOf(range(25, 21));
    assertThat(tail.json().get("hasMore").asBoolean()).as("an exactly full last page").isFalse();
    var fromStart = client.get(token, messages(roomId) + "?after=0&limit=3");
    assertThat(seqs(fromStart)).containsExactly(3L, 2L, 1L);
    assertThat(seqs(client.get(token, messages(roomId) + "?after=25"))).isEmpty();
  }

  @Test
  void acceptsLimitsOfOneAndOneHundredAndRejectsTheRest() {
    String token = client.token(user("alice"));
    String roomId = postMany(token, 3);
    assertThat(seqs(client.get(token, messages(roomId) + "?limit=1"))).containsExactly(3L);
    assertThat(seqs(client.get(token, messages(roomId) + "?limit=100")))
        .containsExactly(3L, 2L, 1L);
    assertInvalid(client.get(token, messages(roomId) + "?limit=0"), "limit");
    assertInvalid(client.get(token, messages(roomId) + "?limit=101"), "limit");
    assertInvalid(client.get(token, messages(roomId) + "?limit=-5"), "limit");
    assertInvalid(client.get(token, messages(roomId) + "?limit=many"), "limit");
  }

  @Test
  void rejectsBeforeAndAfterTogetherAndNonNumericCursors() {
    String token = client.token(user("alice"));
    String roomId = postMany(token, 3);
    var both = client.get(token, messages(roomId) + "?before=3&after=1");
    assertProblem(both, 400, "validation");
    assertThat(both.text("field")).isIn("before", "after");
    assertInvalid(client.get(token, messages(roomId) + "?before=abc"), "before");
    assertInvalid(client.get(token, messages(roomId) + "?after=1.5"), "after");
    assertInvalid(client.get(token, messages(roomId) + "?before=0"), "before");
    assertInvalid(client.get(token, messages(roomId) + "?after=-1"), "after");
  }

  @Test
  void keepsSeqsGapFreeUnderConcurrentPosts() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = client.token(alice);
    String bobToken = client.token(bob);
    String roomId = group(aliceToken, "t", bob);
    var seqs = java.util.concurrent.ConcurrentHashMap.<Long>newKeySet();
    try (var pool = java.util.concurrent.Executors.newFixedThreadPool(8)) {
      var futures = new ArrayList<java.util.concurrent.Future<ApiResponse>>();
      for (int i = 0; i < 40; i++) {
        String token = i % 2 == 0 ? aliceToken : bobToken;
        String id = "c-" + i;
        futures.add(pool.submit(() -> say(token, roomId, id, "concurrent " + id)));
      }
      for (var future : futures) {
        var response = future.get(30, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(response.status()).isEqualTo(201);
        seqs.add(response.number("seq"));
      }
    }
    assertThat(seqs).hasSize(40).allMatch(s -> s >= 1 && s <= 40);
    assertThat(seqs(client.get(aliceToken, messages(roomId) + "?limit=100")))
        .containsExactlyElementsOf(range(40, 1));
  }

  private String postMany(String token, int count) {
    String roomId = group(token, "t");
    for (int i = 1; i <= count; i++) {
      assertThat(say(token, roomId, "c-" + i, "message " + i).number("seq")).isEqualTo(i);
    }
    return roomId;
  }

  private static String messages(String roomId) {
    return "/api/v1/rooms/" + roomId + "/messages";
  }

  private static List<Long> seqs(ApiResponse page) {
    assertThat(page.status()).as("%s", page).isEqualTo(200);
    var seqs = new ArrayList<Long>();
    page.json().get("messages").forEach(m -> seqs.add(m.get("seq").asLong()));
    return seqs;
  }

  private static List<Long> range(long from, long to) {
    var seqs = new ArrayList<Long>();
    for (long s = from; s >= to; s--) {
      seqs.add(s);
    }
    return seqs;
  }
}
