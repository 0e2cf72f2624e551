package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.dugout.ClientPath;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.web.socket.CloseStatus;

@ClientPath.EveryPath
class ProtocolErrorTests extends RealtimeTestBase {

  @Test
  void rejectsAConnectWithABadTokenWithAnErrorThenCloses() {
    var client = open();
    client.sendRaw("CONNECT\naccept-version:1.2\nhost:x\nAuthorization:Bearer not-a-jwt\n\n\0");
    var error = client.await(f -> true).requireCommand("ERROR");
    assertThat(error.header("message")).startsWith("invalid token");
    client.awaitClose();
  }

  @Test
  void rejectsAnExpiredToken() throws Exception {
    byte[] secret =
        HexFormat.of().parseHex(Files.readString(dataDir.resolve("dev-jwt-secret")).strip());
    var claims =
        new JWTClaimsSet.Builder()
            .subject("alice")
            .issueTime(Date.from(Instant.now().minusSeconds(7200)))
            .expirationTime(Date.from(Instant.now().minusSeconds(3600)))
            .build();
    var jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims);
    jwt.sign(new MACSigner(secret));
    var client = open();
    client.sendRaw(
        "CONNECT\naccept-version:1.2\nhost:x\nAuthorization:Bearer " + jwt.serialize() + "\n\n\0");
    var error = client.await(f -> true).requireCommand("ERROR");
    assertThat(error.header("message")).startsWith("invalid token").containsIgnoringCase("expired");
    client.awaitClose();
  }

  @Test
  void acceptsTheTokenInPasscode() {
    var client = open();
    client.sendRaw(
        "CONNECT\naccept-version:1.1,1.2\nhost:x\nlogin:alice\npasscode:"
            + token("alice")
            + "\n\n\0");
    var connected = client.await(f -> true).requireCommand("CONNECTED");
    assertThat(connected.header("version")).isEqualTo("1.2");
    assertThat(connected.header("user-name")).isEqualTo("alice");
    assertThat(connected.header("heart-beat")).isEqualTo("10000,10000");
  }

  @Test
  void rejectsFramesBeforeConnect() {
    var client = open();
    client.sendRaw("SEND\ndestination:/app/rooms.x.messages\n\n{}\0");
    assertThat(client.await(f -> true).requireCommand("ERROR").header("message"))
        .contains("before CONNECT");
    client.awaitClose();
  }

  @Test
  void refusesBinaryGarbageAsAMalformedFrame() {
    try (var logged = LoggedProblems.capture()) {
      var client = open();
      client.sendBinary(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0});
      assertThat(refusal(client, logged)).startsWith("malformed frame:");
    }
  }

  @Test
  void namesAnUnknownCommand() {
    try (var logged = LoggedProblems.capture()) {
      var client = open();
      client.sendRaw("HELLO\n\n\0");
      assertThat(refusal(client, logged)).startsWith("unknown command \"HELLO\"");
    }
  }

  @Test
  void refusesAHeartBeatThatIsNotTwoNumbers() {
    try (var logged = LoggedProblems.capture()) {
      var client = open();
      client.sendRaw(connectWithHeartBeat("x,y"));
      assertThat(refusal(client, logged))
          .startsWith("heart-beat must be two non-negative integers, e.g. 10000,10000");
    }
  }

  @Test
  void refusesAHeartBeatTooLargeForANumber() {
    try (var logged = LoggedProblems.capture()) {
      var client = open();
      client.sendRaw(connectWithHeartBeat("99999999999999999999,0"));
      assertThat(refusal(client, logged))
          .startsWith("heart-beat must be two non-negative integers, e.g. 10000,10000");
    }
  }

  @Test
  void refusesAStomp10ConnectWithoutAcceptVersion() {
    try (var logged = LoggedProblems.capture()) {
      var client = open();
      client.sendRaw("CONNECT\nlogin:alice\npasscode:" + token("alice") + "\n\n\0");
      assertThat(refusal(client, logged)).startsWith("unsupported STOMP version");
    }
  }

  @Test
  void takesBareLineEndsBetweenFramesAsHeartBeats() {
    var alice = connect("alice");
    alice.sendRaw("\r\n\n\r\n");
    alice.sendRaw("\n\nUNSUBSCRIBE\r\nid:none\r\nreceipt:still-here\r\n\r\n\0\r\n");
    alice.awaitReceipt("still-here");
    assertThat(alice.isClosed()).isFalse();
  }

  @Test
  void rejectsSubscriptionToRoomTheUserIsNotIn() {
    String room = groupOf("alice");
    var mallory = connect("mallory");
    mallory.subscribe("m", "/topic/rooms." + room);
    var error = mallory.await(f -> true).requireCommand("ERROR");
    assertThat(error.header("message")).contains(room).contains("not a member");
    mallory.awaitClose();
  }

  @Test
  void rejectsSubscriptionToAnotherUsersQueue() {
    var mallory = connect("mallory");
    mallory.subscribe("m", "/user/alice/queue/errors");
    assertThat(mallory.await(f -> true).requireCommand("ERROR").header("message"))
        .contains("/user/alice/queue/errors");
  }

  @Test
  void rejectsUnknownSubscriptionDestinations() {
    var alice = connect("alice");
    alice.subscribe("x", "/topic/everything");
    assertThat(alice.await(f -> true).requireCommand("ERROR").header("message"))
        .contains("unknown destination");
  }

  @Test
  void rejectsMalformedFramesWithoutHurtingOtherSessions() {
    String room = groupOf("alice", "bob");
    var bob = connect("bob");
    bob.subscribeAndWait("b", "/topic/rooms." + room);
    var broken = connect("alice");
    broken.sendRaw(
        "SEND\ndestination:/app/rooms." + room + ".messages\ncontent-length:99999\n\n{}\0");
    assertThat(broken.await(f -> true).requireCommand("ERROR").header("message")).contains("frame");
    broken.awaitClose();

    post(token("alice"), "/api/v1/rooms/" + room + "/messages", text("still-fine", "x"));
    assertThat(bob.await(f -> f.command().equals("MESSAGE")).body()).contains("still-fine");
  }

  @Test
  void rejectsFramesOverTheSizeLimit() {
    var alice = connect("alice");
    alice.sendRaw("SEND\ndestination:/app/rooms.r.messages\n\n" + "x".repeat(70_000) + "\0");
    assertThat(alice.await(f -> true).requireCommand("ERROR").header("message")).contains("limit");
    alice.awaitClose();
  }

  @Test
  void reportsABadSendOnTheErrorQueueAndKeepsTheConnection() {
    String room = groupOf("alice");
    var alice = connect("alice");
    alice.subscribeAndWait("e", "/user/queue/errors");
    alice.subscribeAndWait("a", "/topic/rooms." + room);

    alice.sendJson(
        "/app/rooms." + room + ".messages",
        "{\"clientMsgId\":\"big\",\"kind\":\"TEXT\",\"content\":\"" + "é".repeat(2049) + "\"}",
        "r-big");
    var tooBig = json(alice.await(f -> f.header("subscription").equals("e")));
    assertThat(tooBig.get("code").asString()).isEqualTo("validation");
    assertThat(tooBig.get("field").asString()).isEqualTo("content");
    assertThat(tooBig.get("clientMsgId").asString()).isEqualTo("big");
    assertThat(tooBig.get("receipt").asString()).isEqualTo("r-big");

    alice.sendJson("/app/rooms." + room + ".messages", "{not json", "r-bad");
    assertThat(
            json(alice.await(f -> "e".equals(f.header("subscription")))).get("receipt").asString())
        .isEqualTo("r-bad");

    alice.sendJson(
        "/app/rooms." + room + ".messages",
        "{\"clientMsgId\":\"k\",\"kind\":\"NOPE\",\"content\":\"x\"}",
        null);
    assertThat(json(alice.await(f -> "e".equals(f.header("subscription")))).get("field").asString())
        .isEqualTo("kind");

    alice.sendJson("/app/rooms.nowhere.messages", text("lost", "x"), null);
    assertThat(json(alice.await(f -> "e".equals(f.header("subscription")))).get("code").asString())
        .isEqualTo("not_found");

    alice.sendJson("/app/rooms." + room + ".fly", text("what", "x"), null);
    assertThat(json(alice.await(f -> "e".equals(f.header("subscription")))).get("code").asString())
        .isEqualTo("not_found");

    alice.sendJson("/app/rooms." + room + ".messages", text("ok", "fine"), "r-ok");
    alice.awaitReceipt("r-ok");
    assertThat(alice.isClosed()).isFalse();
  }

  @Test
  void reportsASendToARoomTheUserIsNotInAsForbidden() {
    String room = groupOf("alice");
    var mallory = connect("mallory");
    mallory.subscribeAndWait("e", "/user/queue/errors");
    mallory.sendJson("/app/rooms." + room + ".messages", text("sneak", "x"), "r");
    var error = json(mallory.await(f -> f.command().equals("MESSAGE")));
    assertThat(error.get("code").asString()).isEqualTo("forbidden");
    assertThat(error.get("clientMsgId").asString()).isEqualTo("sneak");
    assertThat(mallory.poll(Duration.ofMillis(300))).isNull();
    assertThat(get(token("alice"), "/api/v1/rooms/" + room + "/messages").get("messages"))
        .isEmpty();
  }

  @Test
  void answersDisconnectWithItsReceipt() {
    var alice = connect("alice");
    alice.send("DISCONNECT", Map.of("receipt", "bye"), null);
    alice.awaitReceipt("bye");
    alice.awaitClose();
  }

  private String connectWithHeartBeat(String heartBeat) {
    return "CONNECT\naccept-version:1.2\nhost:x\nheart-beat:"
        + heartBeat
        + "\nAuthorization:Bearer "
        + token("alice")
        + "\n\n\0";
  }

  /**
   * The ERROR that a client's mistake gets, checked to be followed by a policy-violation close and
   * to have left no warning or stack trace in the server's log; returns its message.
   */
  private static String refusal(StompTestClient client, LoggedProblems logged) {
    var error = client.await(f -> true).requireCommand("ERROR");
    assertThat(client.awaitClose()).isEqualTo(CloseStatus.POLICY_VIOLATION.getCode());
    assertThat(logged.problems()).isEmpty();
    assertThat(error.body()).isEqualTo(error.header("message"));
    return error.header("message");
  }
}
