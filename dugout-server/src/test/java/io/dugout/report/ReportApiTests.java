package io.dugout.report;

import static io.dugout.api.ApiAssertions.assertInvalid;
import static io.dugout.api.ApiAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.ApiResponse;
import io.dugout.api.ApiTest;
import io.dugout.audit.ModerationAction;
import io.dugout.audit.RecordedModerationActions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import tools.jackson.databind.JsonNode;

/** Reports over real HTTP: filing with evidence, the queue, and each resolution. */
@Import(RecordedModerationActions.class)
class ReportApiTests extends ApiTest {

  @Autowired RecordedModerationActions audit;

  private String service() {
    return client.serviceToken("backend");
  }

  private ApiResponse report(String token, String roomId, long seq, Map<String, Object> body) {
    return client.postJson(
        token, "/api/v1/rooms/" + roomId + "/messages/" + seq + "/reports", body);
  }

  private ApiResponse resolve(String id, Map<String, Object> body) {
    return client.postJson(service(), "/api/v1/reports/" + id + "/resolution", body);
  }

  private JsonNode read(String id) {
    var read = client.get(service(), "/api/v1/reports/" + id);
    assertThat(read.status()).as(read.toString()).isEqualTo(200);
    return read.json();
  }

  private long posted(String token, String roomId, String clientMsgId, String content) {
    var posted = say(token, roomId, clientMsgId, content);
    assertThat(posted.status()).as(posted.toString()).isIn(200, 201);
    return posted.json().get("seq").asLong();
  }

  @Test
  void keepsTheReportedMessageAsEvidenceThroughAnEditAndADelete() {
    String alice = user("alice");
    String mallory = user("mallory");
    String malloryToken = client.token(mallory);
    String roomId = direct(client.token(alice), mallory);
    long seq = posted(malloryToken, roomId, "m-1", "pay me first at scam.example");

    var filed =
        report(client.token(alice), roomId, seq, Map.of("reason", "scam", "note", "fake shop"))
            .snippet("reports-post");
    assertThat(filed.status()).isEqualTo(201);
    String id = filed.json().get("id").asString();
    assertThat(filed.json().get("state").asString()).isEqualTo("open");
    var again = report(client.token(alice), roomId, seq, Map.of("reason", "spam"));
    assertThat(again.status()).as("reported again").isEqualTo(200);
    assertThat(again.json().get("id").asString()).isEqualTo(id);

    client.send(
        "PATCH",
        malloryToken,
        "/api/v1/rooms/" + roomId + "/messages/" + seq,
        "{\"content\":\"hello\",\"clientMsgId\":\"e-1\"}");
    client.delete(malloryToken, "/api/v1/rooms/" + roomId + "/messages/" + seq);

    var report = client.get(service(), "/api/v1/reports/" + id).snippet("reports-get").json();
    assertThat(report.get("reason").asString()).isEqualTo("scam");
    assertThat(report.get("note").asString()).isEqualTo("fake shop");
    assertThat(report.get("reporterId").asString()).isEqualTo(alice);
    assertThat(report.get("reportedUserId").asString()).isEqualTo(mallory);
    var evidence = report.get("evidence");
    assertThat(evidence.get("content").asString()).isEqualTo("pay me first at scam.example");
    assertThat(evidence.get("senderId").asString()).isEqualTo(mallory);
    assertThat(evidence.get("seq").asLong()).isEqualTo(seq);
    assertThat(evidence.get("kind").asString()).isEqualTo("TEXT");
    assertThat(report.get("evidenceExpiresAt").asString()).isNotEmpty();
  }

  @Test
  void refusesOwnMessagesChangesNonMembersAndServiceTokensWithClearCodes() {
    String alice = user("alice");
    String mallory = user("mallory");
    String outsider = user("outsider");
    String roomId = direct(client.token(alice), mallory);
    long seq = posted(client.token(mallory), roomId, "m-1", "hi");
    var edited =
        client.send(
            "PATCH",
            client.token(mallory),
            "/api/v1/rooms/" + roomId + "/messages/" + seq,
            "{\"content\":\"hey\",\"clientMsgId\":\"e-1\"}");
    assertThat(edited.status()).as(edited.toString()).isEqualTo(200);
    var spam = Map.<String, Object>of("reason", "spam");

    assertProblem(report(client.token(mallory), roomId, seq, spam), 403, "own_message");
    assertProblem(report(client.token(alice), roomId, seq + 1, spam), 400, "not_reportable");
    assertProblem(report(client.token(outsider), roomId, seq, spam), 403, "forbidden");
    assertProblem(report(service(), roomId, seq, spam), 403, "forbidden");
    assertProblem(report(client.token(alice), roomId, 999, spam), 404, "not_found");
    assertInvalid(report(client.token(alice), roomId, seq, Map.of("reason", "rude")), "reason");
    assertInvalid(
        report(
            client.token(alice), roomId, seq, Map.of("reason", "other", "note", "x".repeat(1001))),
        "note");
    assertProblem(client.get(client.token(alice), "/api/v1/reports"), 403, "forbidden");
  }

  @Test
  void listsTheQueueByStateRoomAndReportedUser() {
    String alice = user("alice");
    String bob = user("bob");
    String mallory = user("mallory");
    String roomId = group(client.token(alice), "market", bob, mallory);
    long first = posted(client.token(mallory), roomId, "m-1", "spam one");
    long second = posted(client.token(bob), roomId, "b-1", "fine");
    String a = report(client.token(alice), roomId, first, Map.of("reason", "spam")).text("id");
    String b = report(client.token(alice), roomId, second, Map.of("reason", "other")).text("id");
    String c = report(client.token(bob), roomId, first, Map.of("reason", "spam")).text("id");

    var byRoom =
        client
            .get(service(), "/api/v1/reports?state=open&roomId=" + roomId)
            .snippet("reports-list");
    assertThat(byRoom.json().get("reports").findValuesAsString("id")).containsExactly(a, b, c);
    var byUser = client.get(service(), "/api/v1/reports?roomId=" + roomId + "&userId=" + mallory);
    assertThat(byUser.json().get("reports").findValuesAsString("id")).containsExactly(a, c);
    var page = client.get(service(), "/api/v1/reports?roomId=" + roomId + "&limit=2").json();
    assertThat(page.get("reports").findValuesAsString("id")).containsExactly(a, b);
    var rest =
        client.get(
            service(),
            "/api/v1/reports?roomId="
                + roomId
                + "&limit=2&cursor="
                + page.get("nextCursor").asString());
    assertThat(rest.json().get("reports").findValuesAsString("id")).containsExactly(c);

    resolve(b, Map.of("action", "dismiss"));
    var resolved = client.get(service(), "/api/v1/reports?state=resolved&roomId=" + roomId);
    assertThat(resolved.json().get("reports").findValuesAsString("id")).containsExactly(b);
    assertInvalid(client.get(service(), "/api/v1/reports?state=closed"), "state");
  }

  @Test
  void dismissesOnceAndAnswersTheFirstResolutionToEveryLaterOne() {
    String alice = user("alice");
    String mallory = user("mallory");
    String roomId = direct(client.token(alice), mallory);
    long seq = posted(client.token(mallory), roomId, "m-1", "hmm");
    String id = report(client.token(alice), roomId, seq, Map.of("reason", "other")).text("id");

    var dismissed =
        resolve(id, Map.of("action", "dismiss", "note", "not a scam")).snippet("reports-resolve");
    assertThat(dismissed.status()).isEqualTo(200);
    assertThat(dismissed.json().get("state").asString()).isEqualTo("resolved");
    assertThat(dismissed.json().get("resolution").get("action").asString()).isEqualTo("dismiss");
    var later = resolve(id, Map.of("action", "ban_user"));
    assertThat(later.json().get("resolution").get("action").asString()).isEqualTo("dismiss");
    assertThat(client.get(client.token(mallory), "/api/v1/rooms").status())
        .as("not banned by the later resolution")
        .isEqualTo(200);

    assertThat(audit.about(mallory))
        .extracting(ModerationAction::action)
        .containsExactly("report.resolved");
    var action = audit.about(mallory).getFirst();
    assertThat(action.details())
        .containsEntry("reportId", id)
        .containsEntry("resolution", "dismiss");
    assertThat(action.roomId()).isEqualTo(roomId);
    assertThat(action.seq()).isEqualTo(seq);
    assertThat(action.reason()).isEqualTo("not a scam");
    assertInvalid(resolve(id, Map.of("action", "shrug")), "action");
    assertProblem(resolve("no-such-report", Map.of("action", "dismiss")), 404, "not_found");
    assertProblem(
        client.postJson(
            client.token(alice),
            "/api/v1/reports/" + id + "/resolution",
            Map.of("action", "dismiss")),
        403,
        "forbidden");
  }

  @Test
  void deletesTheReportedMessageThroughTheDeletePath() {
    String alice = user("alice");
    String mallory = user("mallory");
    String roomId = direct(client.token(alice), mallory);
    long seq = posted(client.token(mallory), roomId, "m-1", "nasty words");
    String id = report(client.token(alice), roomId, seq, Map.of("reason", "harassment")).text("id");

    var deleted = resolve(id, Map.of("action", "delete_message"));

    assertThat(deleted.status()).as(deleted.toString()).isEqualTo(200);
    var history = client.get(client.token(alice), "/api/v1/rooms/" + roomId + "/messages").json();
    var message =
        history.get("messages").findValues("seq").stream()
            .filter(n -> n.asLong() == seq)
            .findFirst();
    assertThat(message).isPresent();
    assertThat(history.toString()).doesNotContain("nasty words");
    assertThat(read(id).get("evidence").get("content").asString()).isEqualTo("nasty words");
    assertThat(resolve(id, Map.of("action", "delete_message")).status()).isEqualTo(200);
  }

  @Test
  void bansTheReportedSenderFromTheDeployment() {
    String alice = user("alice");
    String mallory = user("mallory");
    String roomId = direct(client.token(alice), mallory);
    long seq = posted(client.token(mallory), roomId, "m-1", "send money");
    String id = report(client.token(alice), roomId, seq, Map.of("reason", "scam")).text("id");

    var banned = resolve(id, Map.of("action", "ban_user", "note", "scammer", "duration", "P7D"));

    assertThat(banned.status()).as(banned.toString()).isEqualTo(200);
    assertThat(banned.json().get("resolution").get("banUntil").asString()).isNotEmpty();
    assertProblem(client.get(client.token(mallory), "/api/v1/rooms"), 403, "banned");
    var ban = client.get(service(), "/api/v1/users/" + mallory + "/ban").json();
    assertThat(ban.get("reason").asString()).isEqualTo("scammer");
    assertThat(audit.about(mallory))
        .extracting(ModerationAction::action)
        .containsExactly("user.banned", "report.resolved");
    assertThat(audit.about(mallory).getFirst().details()).containsEntry("reportId", id);
    assertInvalid(resolve(id + "x", Map.of("action", "dismiss", "duration", "P1D")), "duration");
  }
}
