package io.dugout.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Loads that change messages, against a real server process: edits and reactions mixed into {@code
 * chat}, and {@code history} pages of rooms whose messages carry reactions and replies. Every
 * change is an entry of the room's log, so the same accounting must hold as for messages alone:
 * nothing lost, nothing twice, every expected delivery received, by type too. Never timings.
 */
class ChangesAgainstRealServerTests {

  private static DugoutServerProcess server;

  @TempDir static Path temp;

  @BeforeAll
  static void startServer() throws Exception {
    // why: closed loop measures capacity; the per-user send limit is tested on its own below
    server =
        DugoutServerProcess.start(
            Files.createDirectories(temp.resolve("data")),
            "--dugout.realtime.messages-per-second=100000",
            "--dugout.realtime.message-burst=100000");
  }

  @AfterAll
  static void stopServer() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void chatMixesEditsAndReactionsInAndDeliversEveryEntryToEveryMember() throws Exception {
    long before = entriesStored();
    ToolRun run =
        run(
            "chat --users 6 --rooms 2 --rate 60 --warm-up 1s --duration 3s --ramp-up 0s --drain 2s"
                + " --edit-share 0.2 --react-share 0.4");

    run.assertSucceeded();
    Map<String, long[]> byType = byType(run);
    assertThat(byType).containsKeys("message", "message.edited", "reaction.added");
    long sent = 0;
    long delivered = 0;
    for (var type : byType.entrySet()) {
      assertThat(type.getValue()[1])
          .as("3 members get every %s", type.getKey())
          .isEqualTo(3 * type.getValue()[0]);
      sent += type.getValue()[0];
      delivered += type.getValue()[1];
    }
    assertThat(sent).isEqualTo(run.count("sent"));
    assertThat(delivered).isEqualTo(run.count("received"));
    assertThat(entriesStored() - before)
        .as("the server stored each send as an entry, the warm-up's too")
        .isGreaterThan(sent);
  }

  @Test
  void closedLoopWaitsForTheEchoOfAChangeAsForAMessage() throws Exception {
    ToolRun run =
        run(
            "chat --users 4 --rooms 1 --closed-loop --warm-up 1s --duration 2s --ramp-up 0s"
                + " --drain 2s --edit-share 0.3 --react-share 0.5");

    run.assertSucceeded();
    assertThat(run.count("sent")).as("several rounds per sender").isGreaterThan(4 * 3);
    assertThat(run.count("expected")).isEqualTo(run.count("sent") * 4);
    assertThat(byType(run)).containsKeys("message.edited", "reaction.added");
  }

  @Test
  void theFloorAndTheGeneratorsWarmUpTakeChangesToo() throws Exception {
    ToolRun run =
        run(
            "chat --users 6 --rooms 2 --rate 60 --warm-up 1s --duration 2s --ramp-up 0s --drain 2s"
                + " --generator-warm-up 1s --floor --edit-share 0.2 --react-share 0.4");

    run.assertSucceeded();
    JsonNode floor = run.result().path("floor").path("counts");
    assertThat(floor.path("sent").asLong()).isPositive();
    assertThat(floor.path("expected").asLong()).isEqualTo(floor.path("received").asLong());
    assertThat(floor.path("errors").asLong()).isZero();
    assertThat(floor.path("duplicates").asLong()).isZero();
  }

  @Test
  void sharesOutsideZeroToOneAndChangesAgainstCentrifugoAreUsageErrors() throws Exception {
    ToolRun tooMuch =
        run("chat --users 2 --rooms 1 --rate 10 --duration 1s --edit-share 0.6 --react-share 0.6");
    assertThat(tooMuch.exit()).isEqualTo(Main.USAGE);
    assertThat(tooMuch.err()).contains("--edit-share and --react-share");

    ToolRun centrifugo =
        run(
            "chat --users 2 --rooms 1 --rate 10 --duration 1s --react-share 0.5 --centrifugo"
                + " ws://127.0.0.1:1/connection/websocket");
    assertThat(centrifugo.exit()).isEqualTo(Main.USAGE);
    assertThat(centrifugo.err()).contains("Centrifugo has no edits or reactions");
  }

  @Test
  void historyReadsPagesWithReactionsAndRepliesBesidePlainOnes() throws Exception {
    long before = entriesStored();
    ToolRun run =
        run(
            "history --messages 120 --clients 3 --requests 40 --enter-requests 20 --page-size 20"
                + " --reactions 2 --reply-share 0.5 --floor");

    run.assertSucceeded();
    assertThat(entriesStored() - before)
        .as("120 plain messages, 120 rich ones and 2 reactions on each of these")
        .isEqualTo(120 + 120 * 3);
    assertThat(run.samples("history") + run.samples("history-rich")).isEqualTo(3 * 40);
    assertThat(run.samples("enter") + run.samples("enter-rich")).isEqualTo(3 * 20);
    assertThat(run.samples("history-rich")).as("about half of the pages").isBetween(20L, 100L);
    assertThat(run.samples("history-rich-floor")).isPositive();
    run.assertRatio("history-rich");
    JsonNode comparison = run.result().path("tables").get(2);
    assertThat(comparison.path("title").asString()).contains("reactions and replies");
    JsonNode rows = comparison.path("rows");
    assertThat(rows.get(0).get(1).asLong()).isEqualTo(run.samples("history"));
    assertThat(rows.get(1).get(1).asLong()).isEqualTo(run.samples("history-rich"));
    assertThat(rows.get(2).get(5).asDouble())
        .as(
            "a page of the rich rooms spans 20 seqs, two in three of them reactions it leaves out,"
                + " so it shows a third as many messages as a plain page, with their reactions and"
                + " replies")
        .isBetween(0.4, 0.85);
  }

  /**
   * A server with a tight per-user send limit refuses some changes: each is an error and owes no
   * delivery, and the mix forgets what a refused change would have done, so no later change of its
   * is one the server ignores (which would show as lost).
   */
  @Test
  void refusedChangesAreErrorsAndNeverLeadToLostDeliveries() throws Exception {
    try (DugoutServerProcess limited =
        DugoutServerProcess.start(
            Files.createDirectories(temp.resolve("limited")),
            "--dugout.realtime.messages-per-second=20",
            "--dugout.realtime.message-burst=5")) {
      ToolRun run =
          ToolRun.of(
              limited,
              temp,
              "chat --users 2 --rooms 1 --closed-loop --warm-up 1s --duration 3s --ramp-up 0s"
                  + " --max-error-rate 100 --edit-share 0.2 --react-share 0.6");

      assertThat(run.exit()).as(run.err()).isZero();
      assertThat(run.count("errors")).isPositive();
      assertThat(run.count("lost")).isZero();
      assertThat(run.count("expected"))
          .isEqualTo(run.count("received"))
          .isEqualTo((run.count("sent") - run.count("errors")) * 2);
      assertThat(byType(run)).containsKeys("reaction.added", "reaction.removed");
    }
  }

  /** Entries (messages and changes) the shared server stored so far, from its own metrics. */
  private static long entriesStored() throws Exception {
    return server.counter("dugout_messages_appended_total", "");
  }

  /** The "entries by type" table: type → {sent, deliveries}. */
  private static Map<String, long[]> byType(ToolRun run) {
    Map<String, long[]> byType = new HashMap<>();
    for (JsonNode table : run.result().path("tables")) {
      if (table.path("title").asString().startsWith("entries by type")) {
        for (JsonNode row : table.path("rows")) {
          byType.put(
              row.get(0).asString(),
              new long[] {
                Long.parseLong(row.get(1).asString()), Long.parseLong(row.get(3).asString())
              });
        }
      }
    }
    return byType;
  }

  private static ToolRun run(String commandLine) throws Exception {
    return ToolRun.of(server, temp, commandLine);
  }
}
