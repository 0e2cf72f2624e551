package io.dugout.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One run of the load tester in this JVM against a real server: its exit status, what it printed,
 * and the {@code result.json} it wrote (null when it wrote none), with the checks every successful
 * run must pass.
 */
record ToolRun(int exit, String out, String err, JsonNode result, Path dir) {

  /**
   * Runs the load tester in this JVM against {@code server}, writing into a fresh directory under
   * {@code temp}; {@code commandLine} as typed in a shell.
   */
  static ToolRun of(DugoutServerProcess server, Path temp, String commandLine) throws Exception {
    List<String> args = new ArrayList<>(List.of(commandLine.split(" ")));
    Path dir = temp.resolve("out-" + args.getFirst() + "-" + System.nanoTime());
    if (!args.contains("--url")) {
      args.addAll(List.of("--url", server.url()));
    }
    args.addAll(List.of("--out", dir.toString(), "--timeout", "10s"));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        Main.run(
            args.toArray(String[]::new),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    Path json = dir.resolve("result.json");
    JsonNode result =
        Files.exists(json) ? JsonMapper.builder().build().readTree(json.toFile()) : null;
    return new ToolRun(
        exit,
        out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8),
        result,
        dir);
  }

  void assertSucceeded() throws Exception {
    assertThat(exit).as("exit status; stderr:\n%s\nstdout:\n%s", err, out).isZero();
    JsonNode counts = result.path("counts");
    assertThat(counts.path("errors").asLong()).as("errors: %s", result.path("errorKinds")).isZero();
    assertThat(counts.path("lost").asLong()).isZero();
    assertThat(counts.path("duplicates").asLong()).isZero();
    assertThat(counts.path("expected").asLong())
        .isEqualTo(counts.path("received").asLong() + counts.path("lost").asLong());
    assertThat(counts.path("received").asLong()).isPositive();
    assertThat(result.path("measuredSeconds").asDouble()).isPositive();
    assertThat(result.path("timeline").size()).isPositive();
    // why: the JVM reads process CPU time in clock ticks (10 ms), so a short window of a nearly
    // idle generator can hold none; a missing figure reads as NaN and fails here
    assertThat(result.path("generator").path("cpuSeconds").asDouble(Double.NaN))
        .isNotNaN()
        .isNotNegative();
    result
        .path("latency")
        .properties()
        .forEach(
            series -> {
              assertThat(series.getValue().path("perSecond").asDouble())
                  .as("throughput of %s", series.getKey())
                  .isPositive();
              assertThat(series.getValue().path("p99Ms").asDouble())
                  .isGreaterThanOrEqualTo(series.getValue().path("p50Ms").asDouble());
            });
    String html = Files.readString(dir.resolve("report.html"));
    assertThat(html)
        .contains("<canvas")
        .contains("\"scenario\" : \"" + result.path("scenario").asString() + "\"");
    assertThat(html).doesNotContain("src=\"http").doesNotContain("href=\"http");
    assertThat(out).contains("p99.9").contains("generator CPU");
  }

  /** Dugout's and the floor's rates of {@code name} are both reported, and their ratio. */
  void assertRatio(String name) {
    JsonNode ratio = result.path("floor").path("ratios").path(name);
    assertThat(ratio.path("dugoutPerSecond").asDouble()).as("Dugout's %s/s", name).isPositive();
    assertThat(ratio.path("floorPerSecond").asDouble()).as("the floor's %s/s", name).isPositive();
    assertThat(ratio.path("ratio").asDouble())
        .isCloseTo(
            ratio.path("dugoutPerSecond").asDouble() / ratio.path("floorPerSecond").asDouble(),
            offset(1e-9));
  }

  /** One of the run's counts: attempts, sent, expected, received, lost, errors, duplicates. */
  long count(String name) {
    return result.path("counts").path(name).asLong();
  }

  long samples(String series) {
    return result.path("latency").path(series).path("samples").asLong();
  }

  /**
   * The floor's or peer's run second by second: its own deliveries, in points after one another,
   * with its own slowest delivery (Dugout's run sends as many, so only the latencies tell the two
   * runs apart). A delivery counted in the instant the window closes may reach the total and miss
   * the last point, so the sum may fall short by one send's deliveries (3 members per room).
   */
  void assertPeerTimeline() {
    JsonNode timeline = result.path("floor").path("timeline");
    assertThat(timeline.size()).as("a point per second of a 2 s window").isGreaterThanOrEqualTo(2);
    long deliveries = 0;
    double elapsed = 0;
    double slowest = 0;
    for (JsonNode point : timeline) {
      assertThat(point.path("elapsedSeconds").asDouble()).isGreaterThan(elapsed);
      elapsed = point.path("elapsedSeconds").asDouble();
      JsonNode delivery = point.path("latency").path("delivery");
      deliveries += delivery.path("samples").asLong();
      slowest = Math.max(slowest, delivery.path("maxMs").asDouble());
    }
    JsonNode total = result.path("latency").path("delivery-floor");
    assertThat(total.path("samples").asLong()).isPositive();
    assertThat(deliveries)
        .isBetween(total.path("samples").asLong() - 3, total.path("samples").asLong());
    assertThat(slowest).isEqualTo(total.path("maxMs").asDouble());
  }
}
