package io.dugout.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import io.dugout.loadtest.centrifugo.FakeCentrifugo;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every scenario, on a small configuration, against a real server process: the reports must be
 * written and their numbers consistent (every expected delivery either received or lost, nothing
 * lost and no errors against a healthy server, non-zero throughput). Never timings.
 *
 * <p>Over 300 lines: every scenario runs against the one real server process this class starts
 * once, which is the costly part; a class per scenario would start one each.
 */
class ScenariosAgainstRealServerTests {

  private static DugoutServerProcess server;
  private static int nettyPort;

  @TempDir static Path temp;

  @BeforeAll
  static void startServer() throws Exception {
    // why: closed loop measures capacity; the per-user send limit (50/s by default) is tested on
    // its own below
    nettyPort = DugoutServerProcess.freePort();
    server =
        DugoutServerProcess.start(
            Files.createDirectories(temp.resolve("data")),
            "--dugout.realtime.messages-per-second=100000",
            "--dugout.realtime.message-burst=100000",
            "--dugout.listener.mode=separate",
            "--dugout.realtime.netty.port=" + nettyPort);
  }

  @AfterAll
  static void stopServer() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void scrapePutsTheServersOwnFiguresBesideTheClients() throws Exception {
    Run run =
        run(
            "chat --users 4 --rooms 1 --rate 50 --duration 3s --ramp-up 0s"
                + " --scrape %s/actuator/prometheus --scrape-interval 500ms"
                    .formatted(server.url()));

    run.assertSucceeded();
    JsonNode figures = run.result.path("server");
    assertThat(figures.path("scrapes").asInt()).isGreaterThanOrEqualTo(2);
    assertThat(figures.path("failedScrapes").asInt()).isZero();
    assertThat(figures.path("deliveriesPerSecond").asDouble()).isPositive();
    assertThat(figures.path("appendedPerSecond").asDouble()).isPositive();
    assertThat(figures.path("deliveryP99Ms").asDouble()).isPositive();
    assertThat(figures.path("timeline").size()).isGreaterThanOrEqualTo(1);
    assertThat(Files.readString(run.dir.resolve("report.html"))).contains("scrapeUrl");
  }

  @Test
  void sendFlowGetsEveryMessageBackToItsSender() throws Exception {
    Run run = run("send --users 6 --rooms 2 --loops 3 --ramp-up 1s");

    run.assertSucceeded();
    assertThat(run.count("attempts")).isEqualTo(18);
    assertThat(run.count("sent")).isEqualTo(18);
    assertThat(run.count("expected")).isEqualTo(18);
    assertThat(run.count("received")).isEqualTo(18);
    assertThat(run.samples("echo")).isEqualTo(18);
    assertThat(run.samples("connect")).isEqualTo(18);
  }

  @Test
  void sendFlowWarmsTheGeneratorOnTheFloorUnseenByTheServerAndReportsTheFloorsRatio()
      throws Exception {
    long before = messagesStored();
    Run run = run("send --users 6 --rooms 2 --loops 3 --ramp-up 1s --generator-warm-up 4 --floor");

    run.assertSucceeded();
    assertThat(run.count("attempts")).isEqualTo(18);
    assertThat(run.count("received")).isEqualTo(18);
    assertThat(run.samples("echo")).isEqualTo(18);
    assertThat(run.samples("echo-floor")).as("the floor's run, not the warm-up").isEqualTo(18);
    assertThat(run.samples("connect-floor")).isEqualTo(18);
    assertThat(run.result.path("floor").path("ratios").path("echo").path("ratio").asDouble())
        .isPositive();
    assertThat(messagesStored() - before)
        .as("the server stored the measured sends only, not the 6 × 4 of the warm-up")
        .isEqualTo(18);
  }

  @Test
  void sustainedSendFlowStopsStartingLoopsAfterItsDuration() throws Exception {
    Run run = run("send --users 2 --rooms 1 --loops 100000 --duration 2s --ramp-up 0s");

    run.assertSucceeded();
    long attempts = run.count("attempts");
    assertThat(attempts).isBetween(2L, 100_000L * 2 - 1);
    assertThat(run.samples("echo")).isEqualTo(attempts);
  }

  @Test
  void chatDeliversEveryMessageToEveryMemberOfItsRoom() throws Exception {
    Run run = run("chat --users 6 --rooms 2 --rate 30 --duration 3s --ramp-up 1s");

    run.assertSucceeded();
    long sent = run.count("sent");
    assertThat(sent).isPositive();
    assertThat(run.count("expected")).as("3 members per room").isEqualTo(sent * 3);
    assertThat(run.samples("echo")).isEqualTo(sent);
    assertThat(run.samples("delivery")).isEqualTo(run.count("received"));
  }

  @Test
  void chatSpreadOverSeveralNodeUrlsDeliversEverything() throws Exception {
    // why: both URLs name this one server, by address and by name; spreading over two real
    // cluster nodes is what the cluster benchmarks do
    String byAddress = server.url().replace("localhost", "127.0.0.1");
    Run run =
        run(
            "chat --url %s,%s --users 6 --rooms 2 --rate 30 --duration 2s --ramp-up 0s"
                .formatted(server.url(), byAddress));

    run.assertSucceeded();
    assertThat(run.count("sent")).isPositive();
    assertThat(run.count("lost")).isZero();
    assertThat(run.result.path("options").path("url").asText()).contains(byAddress);
  }

  @Test
  void chatOverTheNettyListenerDeliversEverythingAndWsPortIsWhereSessionsConnect()
      throws Exception {
    Run run =
        run(
            "chat --ws-port %d --users 6 --rooms 2 --rate 30 --duration 2s --ramp-up 0s"
                .formatted(nettyPort));
    run.assertSucceeded();
    assertThat(run.count("sent")).isPositive();
    assertThat(run.count("lost")).isZero();

    // why: a port nobody listens on fails the run, so the option is what the sessions used
    int closed = DugoutServerProcess.freePort();
    Run nowhere =
        run(
            "chat --ws-port %d --users 2 --rooms 1 --rate 5 --duration 1s --ramp-up 0s"
                .formatted(closed));
    assertThat(nowhere.exit()).isNotZero();
  }

  @Test
  void closedLoopChatKeepsEverySenderBusyUntilTheEnd() throws Exception {
    Run run = run("chat --users 4 --rooms 1 --closed-loop --duration 2s --ramp-up 0s");

    run.assertSucceeded();
    assertThat(run.count("sent")).as("several rounds per sender").isGreaterThan(4 * 3);
    assertThat(run.count("expected")).isEqualTo(run.count("sent") * 4);
    assertThat(run.result.path("generator").path("cpuSeconds").asDouble())
        .as("a generator busy for two seconds has its CPU measured")
        .isPositive();
  }

  @Test
  void chatWithAWarmUpCountsOnlyWhatWasSentInTheMeasuredWindow() throws Exception {
    Run run =
        run(
            "chat --users 6 --rooms 2 --rate 30 --warm-up 3s --duration 1s --ramp-up 0s --drain 2s");

    run.assertSucceeded();
    assertThat(run.count("received")).isEqualTo(run.count("expected"));
    assertThat(run.count("sent"))
        .as("about 30 sends in the measured second; 120 with the warm-up counted")
        .isBetween(1L, 75L);
    assertThat(run.samples("echo")).isEqualTo(run.count("sent"));
  }

  @Test
  void closedLoopChatWithAWarmUpKeepsItsCountsExact() throws Exception {
    Run run =
        run(
            "chat --users 6 --rooms 2 --closed-loop --warm-up 1s --duration 1s --ramp-up 0s"
                + " --drain 2s");

    run.assertSucceeded();
    assertThat(run.count("received")).isEqualTo(run.count("expected"));
    assertThat(run.samples("echo")).isEqualTo(run.count("sent"));
  }

  @Test
  void fanoutDeliversEveryMessageToEverySubscriber() throws Exception {
    Run run = run("fanout --users 8 --senders 2 --rate 20 --duration 3s --ramp-up 1s");

    run.assertSucceeded();
    long sent = run.count("sent");
    assertThat(sent).isPositive();
    assertThat(run.count("expected")).isEqualTo(sent * 8);
    assertThat(run.samples("echo")).isEqualTo(sent);
  }

  @Test
  void notifyDeliversEveryStoredNotificationLiveToEachRecipient() throws Exception {
    Run run = run("notify --users 12 --batch 5 --senders 2 --rate 20 --duration 3s");

    run.assertSucceeded();
    long batches = run.samples("batch");
    assertThat(batches).isEqualTo(run.count("attempts")).isPositive();
    assertThat(run.count("sent")).isEqualTo(batches * 5);
    assertThat(run.count("expected")).isEqualTo(batches * 5);
    assertThat(run.samples("delivery")).isEqualTo(batches * 5);
    JsonNode cost = run.result.path("tables").get(0);
    assertThat(cost.path("title").asString()).isEqualTo("cost of a batch");
    assertThat(cost.path("rows").get(0).get(0).asString()).isEqualTo("5");
  }

  @Test
  void closedLoopNotifyKeepsEverySenderBusyUntilTheEnd() throws Exception {
    Run run = run("notify --users 4 --batch 4 --senders 1 --closed-loop --duration 2s");

    run.assertSucceeded();
    assertThat(run.count("attempts")).as("many batches back to back").isGreaterThan(10);
    assertThat(run.count("received")).isEqualTo(run.count("sent"));
  }

  @Test
  void historyReadsTheRequestedPageAtEveryCursorDepth() throws Exception {
    Run run =
        run(
            "history --messages 300 --clients 4 --requests 25 --enter-requests 10 --page-size 20"
                + " --depth-buckets 3");

    run.assertSucceeded();
    assertThat(run.count("attempts")).isEqualTo(4 * 25 + 4 * 10);
    assertThat(run.count("received")).isEqualTo(4 * 25 + 4 * 10);
    assertThat(run.samples("history")).isEqualTo(100);
    assertThat(run.samples("enter")).isEqualTo(40);
    JsonNode depth = run.result.path("tables").get(0);
    assertThat(depth.path("rows").size()).isEqualTo(3);
    long perBucket = 0;
    for (JsonNode row : depth.path("rows")) {
      perBucket += Long.parseLong(row.get(1).asString());
    }
    assertThat(perBucket).as("every history request falls in one depth bucket").isEqualTo(100);
  }

  @Test
  void historyWithFloorRunsTheSameRequestMixAgainstCapturedAnswersAndReportsTheRatio()
      throws Exception {
    Run run =
        run(
            "history --messages 100 --clients 3 --requests 20 --enter-requests 10 --page-size 20"
                + " --floor");

    run.assertSucceeded();
    assertThat(run.samples("history")).isEqualTo(60);
    assertThat(run.samples("enter")).isEqualTo(30);
    assertThat(run.samples("history-floor")).isEqualTo(60);
    assertThat(run.samples("enter-floor")).isEqualTo(30);
    JsonNode floor = run.result.path("floor");
    assertThat(floor.path("counts").path("received").asLong()).isEqualTo(90);
    assertThat(floor.path("counts").path("lost").asLong()).isZero();
    assertThat(floor.path("counts").path("errors").asLong()).isZero();
    run.assertRatio("history");
    run.assertRatio("enter");
    assertThat(run.count("received")).as("Dugout's own counts leave the floor out").isEqualTo(90);
    assertThat(run.out).contains("Dugout / floor").contains("history-floor");
  }

  @Test
  void historyWarmsUpEveryTargetFirstWithoutMeasuringOrCountingIt() throws Exception {
    long before = hotReadsAnswered();
    Run run =
        run(
            "history --messages 100 --clients 3 --requests 20 --enter-requests 10 --page-size 20"
                + " --warm-up-requests 7 --floor");

    run.assertSucceeded();
    assertThat(run.count("attempts")).isEqualTo(3 * 20 + 3 * 10);
    assertThat(run.count("received")).isEqualTo(3 * 20 + 3 * 10);
    assertThat(run.samples("history")).isEqualTo(60);
    assertThat(run.samples("enter")).isEqualTo(30);
    assertThat(run.samples("history-floor")).isEqualTo(60);
    assertThat(run.samples("enter-floor")).isEqualTo(30);
    assertThat(hotReadsAnswered() - before)
        .as(
            "the server answered the warm-up (3 clients × 7 of each), the measured requests and the"
                + " floor's two captured answers")
        .isEqualTo(3 * 7 * 2 + 3 * 20 + 3 * 10 + 2);
  }

  /** History pages and enters the server's lean door answered so far, from its own metrics. */
  private long hotReadsAnswered() throws Exception {
    return serverCounter("dugout_http_lean_requests_total{", "outcome=\"answered\"");
  }

  /** Messages the server stored so far, from its own metrics. */
  private long messagesStored() throws Exception {
    return serverCounter("dugout_messages_appended_total", "");
  }

  /** The sum of the server's counter lines that start with {@code name} and contain {@code tag}. */
  private long serverCounter(String name, String tag) throws Exception {
    var http = HttpClient.newHttpClient();
    String issued =
        http.send(
                HttpRequest.newBuilder(URI.create(server.url() + "/api/v1/dev/token"))
                    .header("Content-Type", "application/json")
                    .POST(
                        HttpRequest.BodyPublishers.ofString(
                            "{\"userId\":\"lt-probe\",\"scope\":\"dugout:service\"}"))
                    .build(),
                HttpResponse.BodyHandlers.ofString())
            .body();
    Matcher token = Pattern.compile("\"token\"\\s*:\\s*\"([^\"]+)\"").matcher(issued);
    assertThat(token.find()).as(issued).isTrue();
    String scrape =
        http.send(
                HttpRequest.newBuilder(URI.create(server.url() + "/actuator/prometheus"))
                    .header("Authorization", "Bearer " + token.group(1))
                    .build(),
                HttpResponse.BodyHandlers.ofString())
            .body();
    return scrape
        .lines()
        .filter(line -> line.startsWith(name) && line.contains(tag))
        .mapToLong(line -> (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
        .sum();
  }

  @Test
  void chatWarmsTheGeneratorOnTheFloorUnseenByTheServer() throws Exception {
    long before = messagesStored();
    Run run =
        run(
            "chat --users 6 --rooms 2 --rate 30 --duration 2s --ramp-up 0s --drain 2s"
                + " --generator-warm-up 1s");

    run.assertSucceeded();
    long sent = run.count("sent");
    assertThat(sent).isPositive();
    assertThat(run.count("received")).isEqualTo(sent * 3);
    assertThat(messagesStored() - before)
        .as("the server stored the measured sends only, not the warm-up's")
        .isEqualTo(sent);
    assertThat(run.result.path("latency").has("delivery-floor"))
        .as("the warm-up is no floor run")
        .isFalse();
  }

  @Test
  void chatWithFloorRunsTheSameSessionsAgainstTheFloorBrokerAndReportsTheRatio() throws Exception {
    Run run =
        run("chat --users 6 --rooms 2 --rate 30 --duration 2s --ramp-up 0s --drain 2s --floor");

    run.assertSucceeded();
    JsonNode floor = run.result.path("floor").path("counts");
    long floorSent = floor.path("sent").asLong();
    assertThat(floorSent).isPositive();
    assertThat(floor.path("expected").asLong()).as("3 members per room").isEqualTo(floorSent * 3);
    assertThat(floor.path("lost").asLong()).isZero();
    assertThat(floor.path("errors").asLong()).isZero();
    assertThat(floor.path("duplicates").asLong()).isZero();
    assertThat(run.samples("echo-floor")).isEqualTo(floorSent);
    assertThat(run.samples("delivery-floor")).isEqualTo(floor.path("received").asLong());
    run.assertRatio("sent");
    run.assertRatio("echo");
    run.assertRatio("delivery");
    run.assertPeerTimeline();
  }

  @Test
  void chatWithCentrifugoRunsTheSameSessionsAgainstACentrifugoServerAndReportsTheRatio()
      throws Exception {
    try (FakeCentrifugo centrifugo = new FakeCentrifugo()) {
      Run run =
          run(
              "chat --users 6 --rooms 2 --rate 30 --duration 2s --ramp-up 0s --drain 2s"
                  + " --centrifugo "
                  + centrifugo.endpoint());

      run.assertSucceeded();
      JsonNode peer = run.result.path("floor");
      assertThat(peer.path("against").asString()).isEqualTo("centrifugo");
      JsonNode counts = peer.path("counts");
      long sent = counts.path("sent").asLong();
      assertThat(sent).isPositive();
      assertThat(counts.path("expected").asLong()).as("3 members per room").isEqualTo(sent * 3);
      assertThat(counts.path("received").asLong()).isEqualTo(sent * 3);
      assertThat(counts.path("errors").asLong()).isZero();
      assertThat(counts.path("duplicates").asLong()).isZero();
      assertThat(centrifugo.subjects()).as("one preflight and six sessions").hasSize(7);
      run.assertRatio("sent");
      run.assertRatio("delivery");
      run.assertPeerTimeline();
      assertThat(run.out).contains("Dugout / centrifugo");
    }
  }

  @Test
  void floorAndCentrifugoTogetherAreAUsageError() throws Exception {
    Run run =
        run(
            "chat --users 2 --rooms 1 --rate 10 --duration 1s --ramp-up 0s --floor --centrifugo"
                + " ws://127.0.0.1:1/connection/websocket");

    assertThat(run.exit).isEqualTo(Main.USAGE);
    assertThat(run.err).contains("--floor and --centrifugo");
  }

  @Test
  void mintsTokensWithTheKeyTheServerKeepsInItsDataDirectory() throws Exception {
    Path key = temp.resolve("data/dev-jwt-secret");
    Run run = run("send --users 2 --rooms 1 --loops 2 --ramp-up 0s --key-file " + key);

    run.assertSucceeded();
    assertThat(run.count("received")).isEqualTo(4);

    Path wrong = Files.writeString(temp.resolve("wrong-key"), "00".repeat(32));
    Run refused = run("send --users 2 --loops 1 --key-file " + wrong);
    assertThat(refused.exit).as("the key is really used").isEqualTo(Main.TARGET);
    assertThat(refused.err).contains("token rejected");
  }

  @Test
  void rejectedTokenStopsTheRunWithOneClearLine() throws Exception {
    Run run =
        run("send --users 2 --loops 1 --hmac-secret not-the-server-secret-not-the-server-secret");

    assertThat(run.exit).isEqualTo(Main.TARGET);
    assertThat(run.err).contains("token rejected");
    assertThat(run.dir.resolve("result.json")).doesNotExist();
  }

  /**
   * A second server, configured as a production deployment would be: an HS256 secret (so the tool
   * mints its own tokens) and a tight per-user send limit.
   */
  @Test
  void sendsRejectedByTheServerAreErrorsNotLostDeliveries() throws Exception {
    String secret = "loadtest-secret-of-at-least-32-bytes-0123456789";
    try (DugoutServerProcess limited =
        DugoutServerProcess.start(
            Files.createDirectories(temp.resolve("limited")),
            "--dugout.auth.jwt.hmac-secret=" + secret,
            "--dugout.realtime.messages-per-second=20",
            "--dugout.realtime.message-burst=5")) {
      Run run =
          run(
              limited,
              "chat --users 2 --rooms 1 --closed-loop --duration 2s --ramp-up 0s"
                  + " --max-error-rate 100 --hmac-secret "
                  + secret);

      assertThat(run.exit).as(run.err).isZero();
      assertThat(run.count("errors")).isPositive();
      assertThat(run.result.path("errorKinds").propertyNames())
          .containsExactly("send rejected: rate_limited");
      assertThat(run.count("lost")).isZero();
      assertThat(run.count("expected"))
          .isEqualTo(run.count("received"))
          .isEqualTo((run.count("sent") - run.count("errors")) * 2);
      assertThat(run.result.path("options").path("hmac-secret").asString()).isEqualTo("(set)");
    }
  }

  /** Runs the load tester against the shared server; {@code commandLine} as typed in a shell. */
  private Run run(String commandLine) throws Exception {
    return run(server, commandLine);
  }

  private Run run(DugoutServerProcess server, String commandLine) throws Exception {
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
    return new Run(
        exit,
        out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8),
        result,
        dir);
  }

  private record Run(int exit, String out, String err, JsonNode result, Path dir) {

    void assertSucceeded() throws Exception {
      assertThat(exit).as("exit status; stderr:\n%s\nstdout:\n%s", err, out).isZero();
      JsonNode counts = result.path("counts");
      assertThat(counts.path("errors").asLong())
          .as("errors: %s", result.path("errorKinds"))
          .isZero();
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
      assertThat(timeline.size())
          .as("a point per second of a 2 s window")
          .isGreaterThanOrEqualTo(2);
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
}
