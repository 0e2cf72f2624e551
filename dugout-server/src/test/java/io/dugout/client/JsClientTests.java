package io.dugout.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.Jwts;
import io.dugout.realtime.RealtimeTestBase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The TypeScript client library ({@code clients/js}) against this server, under Node: sends through
 * its outbox while the connection drops, resumes without a gap or a duplicate, folds an edit and a
 * reaction made while it was away, and outlives its first token by renewing it on the open
 * connection, and after an absence longer than a token lives, during which 300 messages came,
 * delivers each of them once and in order on a fresh token. Its own unit tests run here too, so
 * that CI runs them. The library is built first when its sources changed ({@link JsClientBuild}).
 */
class JsClientTests extends RealtimeTestBase {

  @Test
  void keepsEveryGuaranteeAcrossDroppedConnectionsAndTokenRenewal() throws Exception {
    var library = JsClientBuild.built();
    var process =
        new ProcessBuilder(
                "node",
                "--experimental-websocket",
                library.resolve("integration/resume.mjs").toString(),
                "http://localhost:" + httpPort(),
                "ws://localhost:" + wsPort() + "/ws",
                HexFormat.of().formatHex(Jwts.devSecret(dataDir)))
            .redirectErrorStream(true)
            .start();
    assertThat(process.waitFor(90, TimeUnit.SECONDS))
        .as("the script ends within a minute and a half")
        .isTrue();
    String output = read(process);
    assertThat(process.exitValue()).as(output).isZero();

    var result = JSON.readTree(output.substring(output.lastIndexOf('\n') + 1));
    assertThat(result.get("errors").size()).as(output).isZero();
    for (String check :
        new String[] {
          "storedOnceInOrder",
          "deliveredGapFreeOnce",
          "timelineComplete",
          "editFolded",
          "tokenRenewed",
          "noTokenExpiry",
          "reconnected",
          "stayedAway",
          "resumedAfterAbsence",
          "freshTokenAfterAbsence"
        }) {
      assertThat(result.get("checks").get(check).asBoolean()).as(check + ": " + output).isTrue();
    }
  }

  @Test
  void theTerminalChatExampleShowsTheRoomAndStoresEachLineOnceInOrder() throws Exception {
    var library = JsClientBuild.built();
    String alice = "alice-" + UUID.randomUUID().toString().substring(0, 8);
    String bob = "bob-" + UUID.randomUUID().toString().substring(0, 8);
    String room = groupOf(bob, alice);
    post(token(bob), "/api/v1/rooms/" + room + "/messages", text("b-1", "kick-off at ten?"));
    var process =
        new ProcessBuilder(
                "node",
                "--experimental-websocket",
                library.resolve("examples/terminal-chat.mjs").toString(),
                "http://localhost:" + httpPort(),
                room,
                token(alice),
                "ws://localhost:" + wsPort() + "/ws")
            .redirectErrorStream(true)
            .start();
    try (var typed = process.getOutputStream()) {
      typed.write("yes, at ten\nsee you there\n".getBytes(StandardCharsets.UTF_8));
    }

    assertThat(process.waitFor(60, TimeUnit.SECONDS))
        .as("the example ends within a minute")
        .isTrue();
    String output = read(process);
    assertThat(process.exitValue()).as(output).isZero();
    assertThat(output).contains(": kick-off at ten?");
    var history = new ArrayList<JsonNode>();
    get(token(bob), "/api/v1/rooms/" + room + "/messages?after=0")
        .get("messages")
        .forEach(history::add);
    history.sort(java.util.Comparator.comparingLong(m -> m.get("seq").asLong()));
    var texts = new ArrayList<String>();
    for (JsonNode m : history) {
      if ("TEXT".equals(m.path("kind").asString())) {
        texts.add(m.get("senderId").asString() + ": " + m.get("content").asString());
      }
    }
    assertThat(texts)
        .containsExactly(
            bob + ": kick-off at ten?", alice + ": yes, at ten", alice + ": see you there");
  }

  @Test
  void unitTestsOfTheLibraryPass() throws Exception {
    var library = JsClientBuild.built();
    var command = new ArrayList<>(List.of("node", "--test"));
    try (var tests = Files.list(library.resolve("test"))) {
      tests
          .map(Path::toString)
          .filter(name -> name.endsWith(".test.mjs"))
          .sorted()
          .forEach(command::add);
    }
    var process =
        new ProcessBuilder(command).directory(library.toFile()).redirectErrorStream(true).start();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    String output = read(process);
    assertThat(process.exitValue()).as(output).isZero();
    assertThat(output).contains("# fail 0");
  }

  private static String read(Process process) throws IOException {
    return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
  }
}
