package io.dugout.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code upload} on a small configuration against a real server process that keeps files on its own
 * disk: every round's file goes up and comes back down whole, and what the server refuses is an
 * error named by its step and status. Never timings.
 */
class UploadAgainstRealServerTests {

  private static DugoutServerProcess server;

  @TempDir static Path temp;

  @BeforeAll
  static void startServer() throws Exception {
    // why: a round sends two messages in a few milliseconds, above the default per-user limit;
    // zips are left out of the allowed types so that a refusal can be seen
    server =
        DugoutServerProcess.start(
            Files.createDirectories(temp.resolve("data")),
            "--dugout.realtime.messages-per-second=100000",
            "--dugout.realtime.message-burst=100000",
            "--dugout.files.allowed-types=image/jpeg,image/png");
  }

  @AfterAll
  static void stopServer() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void everyUploadIsSentAsAMessageAndDownloadedWholeByTheOtherMember() throws Exception {
    ToolRun run =
        run("upload --clients 3 --requests 4 --size 40KB --plain-share 0.5 --warm-up-requests 1");

    run.assertSucceeded();
    assertThat(run.count("sent")).as("uploads completed").isEqualTo(12);
    assertThat(run.count("expected")).isEqualTo(12);
    assertThat(run.count("received")).isEqualTo(12);
    assertThat(run.count("attempts")).as("12 rounds and 6 plain sends").isEqualTo(18);
    for (String step : new String[] {"slot", "put", "send", "upload", "download", "thumbnail"}) {
      assertThat(run.samples(step)).as(step).isEqualTo(12);
    }
    assertThat(run.samples("plain-send")).isEqualTo(6);
    JsonNode steps = table(run, "steps");
    assertThat(steps.path("rows").size()).isEqualTo(7);
    assertThat(steps.path("rows").get(6).get(0).asString()).isEqualTo("plain-send");
    JsonNode throughput = table(run, "throughput").path("rows").get(0);
    assertThat(throughput.get(0).asString()).isEqualTo("12");
    assertThat(Double.parseDouble(throughput.get(2).asString()))
        .as("MB up: twelve files of about 40 KB")
        .isBetween(12 * 38 / 1024.0, 12 * 42 / 1024.0);
    assertThat(Double.parseDouble(throughput.get(4).asString()))
        .as("MB down: the files and their thumbnails")
        .isGreaterThan(Double.parseDouble(throughput.get(2).asString()) * 0.9);
  }

  @Test
  void pngImagesWithoutThumbnailsOrPlainSendsReportOnlyTheStepsTheyMake() throws Exception {
    ToolRun run =
        run(
            "upload --clients 2 --requests 3 --size 20KB --file-kind png --thumbnail-share 0"
                + " --plain-share 0");

    run.assertSucceeded();
    assertThat(run.count("sent")).isEqualTo(6);
    assertThat(run.count("received")).isEqualTo(6);
    assertThat(run.samples("download")).isEqualTo(6);
    assertThat(run.result().path("latency").has("thumbnail")).isFalse();
    assertThat(run.result().path("latency").has("plain-send")).isFalse();
  }

  @Test
  void aTypeTheServerRefusesIsAnErrorOfTheSlotStepWithItsStatus() throws Exception {
    ToolRun run = run("upload --clients 2 --requests 2 --size 10KB --file-kind file");

    assertThat(run.exit()).as(run.err()).isEqualTo(Main.FAILED);
    assertThat(run.count("sent")).isZero();
    assertThat(run.count("errors")).isEqualTo(4);
    assertThat(run.result().path("errorKinds").propertyNames()).containsExactly("slot: HTTP 415");
    assertThat(run.samples("plain-send")).as("plain sends still go").isEqualTo(4);
  }

  private static JsonNode table(ToolRun run, String title) {
    for (JsonNode table : run.result().path("tables")) {
      if (title.equals(table.path("title").asString())) {
        return table;
      }
    }
    throw new AssertionError("no table " + title);
  }

  private ToolRun run(String commandLine) throws Exception {
    return ToolRun.of(server, temp, commandLine);
  }
}
