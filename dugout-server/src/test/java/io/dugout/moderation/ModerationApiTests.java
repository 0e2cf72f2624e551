package io.dugout.moderation;

import static io.dugout.api.ApiAssertions.assertInvalid;
import static io.dugout.api.ApiAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Waits;
import io.dugout.api.ApiResponse;
import io.dugout.api.ApiTest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Roles and moderation of GROUP rooms over real HTTP: who may do what, and what each does. */
class ModerationApiTests extends ApiTest {

  private String owner;
  private String admin;
  private String member;
  private String other;
  private String roomId;

  /** A group of an owner, an admin, and two members. */
  private void groupWithAnAdmin() {
    owner = user("owner");
    admin = user("admin");
    member = user("member");
    other = user("other");
    roomId = group(client.token(owner), "moderated", admin, member, other);
    assertThat(put(owner, "/admins/" + admin, null).status()).isEqualTo(200);
  }

  private ApiResponse put(String userId, String path, Object body) {
    return client.send("PUT", client.token(userId), "/api/v1/rooms/" + roomId + path, json(body));
  }

  private ApiResponse delete(String userId, String path) {
    return client.delete(client.token(userId), "/api/v1/rooms/" + roomId + path);
  }

  private ApiResponse asService(String method, String path, Object body) {
    return client.send(
        method, client.serviceToken("backend"), "/api/v1/rooms/" + roomId + path, json(body));
  }

  private static String json(Object body) {
    return body == null
        ? null
        : tools.jackson.databind.json.JsonMapper.builder().build().writeValueAsString(body);
  }

  private String role(String userId) {
    var room = client.get(client.token(owner), "/api/v1/rooms/" + roomId).json();
    for (var m : room.get("members")) {
      if (m.get("userId").asString().equals(userId)) {
        return m.get("role").asString();
      }
    }
    return null;
  }

  private List<String> systemContents() {
    var history =
        client.get(
            client.serviceToken("backend"), "/api/v1/rooms/" + roomId + "/messages?limit=100");
    var contents = new java.util.ArrayList<String>();
    for (var m : history.json().get("messages")) {
      if (m.get("kind").asString().equals("SYSTEM")) {
        contents.add(m.get("content").asString());
      }
    }
    return contents.reversed();
  }

  @Test
  void onlyTheOwnerOrAServiceAppointsAndDismissesAdmins() {
    groupWithAnAdmin();
    assertThat(role(admin)).isEqualTo("ADMIN");

    assertProblem(put(admin, "/admins/" + member, null), 403, "forbidden");
    assertProblem(put(member, "/admins/" + other, null), 403, "forbidden");
    assertThat(asService("PUT", "/admins/" + member, null).json().get("role").asString())
        .isEqualTo("ADMIN");
    var dismissed = delete(owner, "/admins/" + admin);
    assertThat(dismissed.status()).isEqualTo(200);
    assertThat(dismissed.json().get("role").asString()).isEqualTo("MEMBER");
    assertProblem(put(owner, "/admins/" + owner, null), 403, "forbidden");
    assertProblem(put(owner, "/admins/" + user("stranger"), null), 404, "not_found");

    assertThat(systemContents())
        .containsSubsequence(
            admin + " is now an admin",
            member + " is now an admin",
            admin + " is no longer an admin");
  }

  @Test
  void adminsModerateMembersButNeitherTheOwnerNorAnotherAdminNorThemselves() {
    groupWithAnAdmin();
    put(owner, "/admins/" + other, null);

    assertThat(put(admin, "/mutes/" + member, Map.of("seconds", 600)).status()).isEqualTo(200);
    assertProblem(put(admin, "/mutes/" + owner, null), 403, "forbidden");
    assertProblem(put(admin, "/mutes/" + other, null), 403, "forbidden");
    assertProblem(put(admin, "/bans/" + other, null), 403, "forbidden");
    assertProblem(put(admin, "/mutes/" + admin, null), 403, "forbidden");
    assertProblem(put(member, "/mutes/" + other, null), 403, "forbidden");
    assertProblem(delete(member, "/members/" + other), 403, "forbidden");
    assertProblem(delete(admin, "/members/" + owner), 403, "forbidden");
    assertThat(put(owner, "/mutes/" + other, null).status())
        .as("the owner mutes an admin")
        .isEqualTo(200);
    assertThat(asService("PUT", "/mutes/" + owner, null).status())
        .as("a service mutes anyone")
        .isEqualTo(200);
  }

  @Test
  void anAdminDeletesOthersMessagesAndAMemberDoesNot() {
    groupWithAnAdmin();
    long seq = say(client.token(member), roomId, "c-1", "spam").number("seq");
    String message = "/api/v1/rooms/" + roomId + "/messages/" + seq;

    assertProblem(client.delete(client.token(other), message), 403, "forbidden");
    assertThat(client.delete(client.token(admin), message).status()).isEqualTo(200);
  }

  @Test
  void moderationIsForGroupRoomsOnly() {
    String alice = user("alice");
    String bob = user("bob");
    roomId = direct(client.token(alice), bob);

    assertProblem(put(alice, "/mutes/" + bob, null), 409, "conflict");
    assertProblem(asService("PUT", "/freeze", null), 409, "conflict");
  }

  @Test
  void aMutedMemberReadsButCannotSendEditOrReactUntilUnmuted() {
    groupWithAnAdmin();
    var earlier = say(client.token(member), roomId, "c-0", "before");
    long seq = earlier.number("seq");

    var muted = put(admin, "/mutes/" + member, Map.of("seconds", 600, "reason", "spam"));
    assertThat(muted.status()).isEqualTo(200);
    Instant until = Instant.parse(muted.text("until"));
    assertThat(until).isAfter(Instant.now().plusSeconds(590));

    var refused = assertProblem(say(client.token(member), roomId, "c-1", "hi"), 403, "muted");
    assertThat(Instant.parse(refused.text("until"))).isEqualTo(until);
    assertProblem(
        client.send(
            "PATCH",
            client.token(member),
            "/api/v1/rooms/" + roomId + "/messages/" + seq,
            "{\"clientMsgId\":\"e-1\",\"content\":\"edited\"}"),
        403,
        "muted");
    assertProblem(
        client.send(
            "PUT",
            client.token(member),
            "/api/v1/rooms/" + roomId + "/messages/" + seq + "/reactions/%F0%9F%91%8D",
            null),
        403,
        "muted");
    assertThat(client.get(client.token(member), "/api/v1/rooms/" + roomId + "/messages").status())
        .as("a muted member still reads")
        .isEqualTo(200);
    var forThem =
        client.postJson(
            client.serviceToken("backend"),
            "/api/v1/rooms/" + roomId + "/messages",
            Map.of("clientMsgId", "s-1", "kind", "TEXT", "content", "x", "senderId", member));
    assertThat(forThem.status()).as("a service is never refused").isEqualTo(201);

    assertThat(delete(admin, "/mutes/" + member).status()).isEqualTo(204);
    assertThat(say(client.token(member), roomId, "c-2", "back").status()).isEqualTo(201);
    assertThat(systemContents())
        .containsSubsequence(member + " was muted until " + until, member + " was unmuted");
  }

  @Test
  void aMuteWithoutADurationHoldsUntilUnmutedAndATimedOneEndsByItself() {
    groupWithAnAdmin();
    var forever = put(owner, "/mutes/" + member, null);
    assertThat(forever.json().get("until").isNull()).isTrue();
    var refused = assertProblem(say(client.token(member), roomId, "c-1", "x"), 403, "muted");
    assertThat(refused.json().has("until")).isFalse();

    put(owner, "/mutes/" + member, Map.of("seconds", 1));
    Waits.until(
        () -> say(client.token(member), roomId, "c-2", "x").status() == 201,
        Duration.ofSeconds(10),
        "the one-second mute to end");
    assertInvalid(put(owner, "/mutes/" + member, Map.of("seconds", 0)), "seconds");
  }

  @Test
  void aBannedUserIsRemovedAndNobodyAddsThemBackUntilUnbanned() {
    groupWithAnAdmin();
    say(client.token(member), roomId, "c-1", "hi");

    assertThat(put(admin, "/bans/" + member, Map.of("reason", "scam links")).status())
        .isEqualTo(204);
    assertThat(put(admin, "/bans/" + member, null).status()).as("idempotent").isEqualTo(204);

    assertProblem(client.get(client.token(member), "/api/v1/rooms/" + roomId), 403, "forbidden");
    assertProblem(say(client.token(member), roomId, "c-2", "hi"), 403, "forbidden");
    assertProblem(
        client.postJson(
            client.token(owner), "/api/v1/rooms/" + roomId + "/members", Map.of("userId", member)),
        403,
        "banned_from_room");
    assertProblem(
        client.postJson(
            client.serviceToken("backend"),
            "/api/v1/rooms/" + roomId + "/members",
            Map.of("userId", member)),
        403,
        "banned_from_room");
    var bans = client.get(client.token(admin), "/api/v1/rooms/" + roomId + "/bans").json();
    assertThat(bans.get("bans").findValuesAsString("userId")).containsExactly(member);
    assertThat(bans.get("bans").get(0).get("reason").asString()).isEqualTo("scam links");
    assertProblem(
        client.get(client.token(other), "/api/v1/rooms/" + roomId + "/bans"), 403, "forbidden");

    assertThat(delete(admin, "/bans/" + member).status()).isEqualTo(204);
    assertThat(
            client
                .postJson(
                    client.token(owner),
                    "/api/v1/rooms/" + roomId + "/members",
                    Map.of("userId", member))
                .status())
        .isEqualTo(201);
    assertThat(systemContents()).containsSubsequence(member + " was banned", member + " joined");
  }

  @Test
  void aBanNeedsNoMembership() {
    groupWithAnAdmin();
    String stranger = user("stranger");

    assertThat(put(admin, "/bans/" + stranger, null).status()).isEqualTo(204);

    assertProblem(
        client.postJson(
            client.token(member),
            "/api/v1/rooms/" + roomId + "/members",
            Map.of("userId", stranger)),
        403,
        "banned_from_room");
  }

  @Test
  void anAdminRemovesAMemberAndTheRoomIsToldSo() {
    groupWithAnAdmin();

    assertThat(delete(admin, "/members/" + member).status()).isEqualTo(204);
    assertThat(delete(other, "/members/" + other).status()).as("leaving").isEqualTo(204);

    assertThat(systemContents()).containsSubsequence(member + " was removed", other + " left");
    var left = lastSystem();
    assertThat(left.get("content").asString()).isEqualTo(other + " left");
    assertThat(left.has("system")).as("a leave records no action").isFalse();
  }

  @Test
  void aSystemMessageRecordsTheActionForClients() {
    groupWithAnAdmin();

    put(admin, "/mutes/" + member, Map.of("seconds", 600));
    var muted = lastSystem();
    assertThat(muted.get("senderId").asString()).isEqualTo(member);
    var system = muted.get("system");
    assertThat(system.get("action").asString()).isEqualTo("room.member.muted");
    assertThat(system.get("actorId").asString()).isEqualTo(admin);
    assertThat(system.get("userId").asString()).isEqualTo(member);
    assertThat(system.get("details").get("until").asString()).isNotEmpty();

    asService("PUT", "/slow-mode", Map.of("seconds", 30));
    var slow = lastSystem().get("system");
    assertThat(slow.get("action").asString()).isEqualTo("room.slow_mode.set");
    assertThat(slow.get("actorId").asString()).isEqualTo("service");
    assertThat(slow.has("userId")).isFalse();
    assertThat(slow.get("details").get("seconds").asString()).isEqualTo("30");

    delete(owner, "/members/" + other);
    var removed = lastSystem().get("system");
    assertThat(removed.get("action").asString()).isEqualTo("room.member.removed");
    assertThat(removed.get("userId").asString()).isEqualTo(other);
  }

  /** The room's newest SYSTEM message. */
  private tools.jackson.databind.JsonNode lastSystem() {
    var history =
        client.get(
            client.serviceToken("backend"), "/api/v1/rooms/" + roomId + "/messages?limit=100");
    for (var m : history.json().get("messages")) {
      if (m.get("kind").asString().equals("SYSTEM")) {
        return m;
      }
    }
    throw new AssertionError("no SYSTEM message in room " + roomId);
  }

  @Test
  void aFrozenRoomLetsOnlyItsOwnerAdminsAndServicesWrite() {
    groupWithAnAdmin();
    long seq = say(client.token(member), roomId, "c-0", "x").number("seq");
    assertProblem(put(member, "/freeze", null), 403, "forbidden");

    var frozen = put(admin, "/freeze", Map.of("reason", "raid"));
    assertThat(frozen.status()).isEqualTo(200);
    assertThat(frozen.json().get("frozen").asBoolean()).isTrue();

    assertProblem(say(client.token(member), roomId, "c-1", "x"), 403, "frozen");
    assertProblem(
        client.send(
            "PUT",
            client.token(member),
            "/api/v1/rooms/" + roomId + "/messages/" + seq + "/reactions/%F0%9F%91%8D",
            null),
        403,
        "frozen");
    assertThat(say(client.token(admin), roomId, "a-1", "x").status()).isEqualTo(201);
    assertThat(say(client.token(owner), roomId, "o-1", "x").status()).isEqualTo(201);
    assertThat(
            client
                .get(client.token(member), "/api/v1/rooms/" + roomId + "/moderation")
                .json()
                .get("frozen")
                .asBoolean())
        .isTrue();

    assertThat(delete(admin, "/freeze").json().get("frozen").asBoolean()).isFalse();
    assertThat(say(client.token(member), roomId, "c-2", "x").status()).isEqualTo(201);
    assertThat(systemContents())
        .containsSubsequence("the room was frozen", "the room was unfrozen");
  }

  @Test
  void slowModeSpacesAMembersMessagesAndExemptsModerators() {
    groupWithAnAdmin();
    assertInvalid(put(admin, "/slow-mode", Map.of("seconds", 0)), "seconds");
    var set = put(admin, "/slow-mode", Map.of("seconds", 60));
    assertThat(set.json().get("slowModeSeconds").asInt()).isEqualTo(60);

    assertThat(say(client.token(member), roomId, "c-1", "x").status()).isEqualTo(201);
    var refused = assertProblem(say(client.token(member), roomId, "c-2", "x"), 429, "slow_mode");
    assertThat(refused.json().get("retryAfter").asLong()).isBetween(1L, 60L);
    assertThat(refused.headers("Retry-After"))
        .containsExactly(refused.json().get("retryAfter").asString());
    assertThat(say(client.token(member), roomId, "c-1", "x").status())
        .as("a retry of the accepted message gets the original")
        .isEqualTo(200);
    assertThat(say(client.token(other), roomId, "d-1", "x").status())
        .as("each member has their own interval")
        .isEqualTo(201);
    assertThat(say(client.token(admin), roomId, "a-1", "x").status()).isEqualTo(201);
    assertThat(say(client.token(admin), roomId, "a-2", "x").status()).isEqualTo(201);

    assertThat(delete(admin, "/slow-mode").json().get("slowModeSeconds").asInt()).isZero();
    assertThat(say(client.token(member), roomId, "c-3", "x").status()).isEqualTo(201);
    assertThat(systemContents())
        .containsSubsequence("slow mode: one message per 60 s per member", "slow mode is off");
  }

  @Test
  void everyActionIsInTheAuditLogWhichOnlyServicesRead() {
    groupWithAnAdmin();
    put(admin, "/mutes/" + member, Map.of("seconds", 60, "reason", "spam"));
    put(admin, "/bans/" + other, Map.of("reason", "scam"));
    put(owner, "/freeze", null);

    String audit = "/api/v1/audit?roomId=" + roomId;
    var page = client.get(client.serviceToken("backend"), audit);
    assertThat(page.status()).isEqualTo(200);
    assertThat(page.json().get("entries").findValuesAsString("action"))
        .containsExactly(
            "room.frozen", "room.member.banned", "room.member.muted", "room.admin.appointed");
    var mute = page.json().get("entries").get(2);
    assertThat(mute.get("actorId").asString()).isEqualTo(admin);
    assertThat(mute.get("userId").asString()).isEqualTo(member);
    assertThat(mute.get("roomId").asString()).isEqualTo(roomId);
    assertThat(mute.get("reason").asString()).isEqualTo("spam");
    assertThat(mute.get("details").get("until").asString()).isNotEmpty();
    assertThat(mute.get("at").asString()).isNotEmpty();

    var bans =
        client.get(
            client.serviceToken("backend"),
            audit + "&userId=" + other + "&action=room.member.banned");
    assertThat(bans.json().get("entries")).hasSize(1);
    var first = client.get(client.serviceToken("backend"), audit + "&limit=2").json();
    assertThat(first.get("entries")).hasSize(2);
    var second =
        client
            .get(
                client.serviceToken("backend"),
                audit + "&limit=2&cursor=" + first.get("nextCursor").asString())
            .json();
    assertThat(second.get("entries").findValuesAsString("action"))
        .containsExactly("room.member.muted", "room.admin.appointed");
    assertProblem(client.get(client.token(owner), audit), 403, "forbidden");
    assertInvalid(client.get(client.serviceToken("backend"), audit + "&cursor=nope"), "cursor");
  }
}
