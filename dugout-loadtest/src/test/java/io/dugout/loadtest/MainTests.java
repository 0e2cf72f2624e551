package io.dugout.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.loadtest.report.RunResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MainTests {

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @Test
  void unreachableTargetExitsNonZeroWithOneLine() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    int exit = run("history", "--url", "http://127.0.0.1:" + port, "--timeout", "2s");

    assertThat(exit).isEqualTo(Main.TARGET);
    assertThat(err())
        .isEqualTo(
            "dugout-loadtest history: cannot reach http://127.0.0.1:"
                + port
                + ": connection refused\n");
  }

  @Test
  void everyNodeOfASeveralNodeUrlMustBeAnHttpUrl() {
    assertThat(run("chat", "--url", "http://127.0.0.1:1, ws://127.0.0.1:2")).isEqualTo(Main.USAGE);
    assertThat(err()).contains("--url must be an http:// URL with a host, got ws://127.0.0.1:2");
    assertThat(Main.parseUrls("http://a:1, http://b:2"))
        .extracting(java.net.URI::getPort)
        .containsExactly(1, 2);
  }

  @Test
  void unknownOptionIsAUsageError() {
    assertThat(run("chat", "--userz", "3")).isEqualTo(Main.USAGE);
    assertThat(err()).contains("unknown option --userz");
  }

  @Test
  void helpOfASubcommandListsItsOptionsWithDefaults() {
    assertThat(run("fanout", "--help")).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("--senders S")
        .contains("(default 5)")
        .contains("--closed-loop");
  }

  @Test
  void failsWhenErrorsOrLostDeliveriesPassTheThreshold() {
    assertThat(Main.verdict(result(1000, 1000, 1000, 5), 1, "chat", new PrintStream(err))).isZero();
    assertThat(Main.verdict(result(1000, 1000, 1000, 20), 1, "chat", new PrintStream(err)))
        .isEqualTo(Main.FAILED);
    assertThat(Main.verdict(result(1000, 1000, 980, 0), 1, "chat", new PrintStream(err)))
        .isEqualTo(Main.FAILED);
    assertThat(Main.verdict(result(1000, 1000, 980, 0), 2.5, "chat", new PrintStream(err)))
        .isZero();
    assertThat(err()).contains("errors 2.000 %").contains("lost 2.000 %");
  }

  @Test
  void failsWhenTheFloorRunPassesTheThresholdToo() {
    RunResult clean = result(1000, 1000, 1000, 0);
    assertThat(Main.verdict(clean.withFloor("floor", clean), 1, "chat", new PrintStream(err)))
        .isZero();
    assertThat(
            Main.verdict(
                clean.withFloor("floor", result(1000, 1000, 900, 0)),
                1,
                "chat",
                new PrintStream(err)))
        .isEqualTo(Main.FAILED);
    assertThat(err()).contains("chat (floor): failed").contains("lost 10.000 %");
  }

  @Test
  void failsWhenNothingCompleted() {
    assertThat(Main.verdict(result(10, 10, 0, 0), 100, "send", new PrintStream(err)))
        .isEqualTo(Main.FAILED);
    assertThat(err()).contains("nothing completed");
  }

  private static RunResult result(long attempts, long expected, long received, long errors) {
    return new RunResult(
        "chat",
        "now",
        Map.of(),
        1,
        new RunResult.Counts(
            attempts, attempts, expected, received, expected - received, errors, 0),
        Map.of(),
        Map.of(),
        List.of(),
        List.of(),
        Map.of(),
        new RunResult.Generator(2, 0.1, 0.1),
        List.of());
  }

  private int run(String... args) {
    return Main.run(
        args,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }
}
