package io.dugout.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.loadtest.centrifugo.FakeCentrifugo;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

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
    ToolRun run =
        run(
            "chat --users 4 --rooms 1 --rate 50 --duration 3s --ramp-up 0s"
                + " --scrape %s/actuator/prometheus --scrape-interval 500ms"
                    .formatted(server.url()));

    run.assertSucceeded();
    JsonNode figures = run.result().path("server");
    assertThat(figures.path("scrapes").asInt()).isGreaterThanOrEqualTo(2);
    assertThat(figures.path("failedScrapes").asInt()).isZero();
    assertThat(figures.path("deliveriesPerSecond").asDouble()).isPositive();
    assertThat(figures.path("appendedPerSecond").asDouble()).isPositive();
    assertThat(figures.path("deliveryP99Ms").asDouble()).isPositive();
    assertThat(figures.path("timeline").size()).isGreaterThanOrEqualTo(1);
    assertThat(Files.readString(run.dir().resolve("report.html"))).contains("scrapeUrl");
  }

  @Test
  void sendFlowGetsEveryMessageBackToItsSender() throws Exception {
    ToolRun run = run("send --users 6 --rooms 2 --loops 3 --ramp-up 1s");

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
    ToolRun run =
        run("send --users 6 --rooms 2 --loops 3 --ramp-up 1s --generator-warm-up 4 --floor");

    run.assertSucceeded();
    assertThat(run.count("attempts")).isEqualTo(18);
    assertThat(run.count("received")).isEqualTo(18);
    assertThat(run.samples("echo")).isEqualTo(18);
    assertThat(run.samples("echo-floor")).as("the floor's run, not the warm-up").isEqualTo(18);
    assertThat(run.samples("connect-floor")).isEqualTo(18);
    assertThat(run.result().path("floor").path("ratios").path("echo").path("ratio").asDouble())
        .isPositive();
    assertThat(messagesStored() - before)
        .as("the server stored the measured sends only, not the 6 × 4 of the warm-up")
        .isEqualTo(18);
  }

  @Test
  void sustainedSendFlowStopsStartingLoopsAfterItsDuration() throws Exception {
    ToolRun run = run("send --users 2 --rooms 1 --loops 100000 --duration 2s --ramp-up 0s");

    run.assertSucceeded();
    long attempts = run.count("attempts");
    assertThat(attempts).isBetween(2L, 100_000L * 2 - 1);
    assertThat(run.samples("echo")).isEqualTo(attempts);
  }

  @Test
  void chatDeliversEveryMessageToEveryMemberOfItsRoom() throws Exception {
    ToolRun run = run("chat --users 6 --rooms 2 --rate 30 --duration 3s --ramp-up 1s");

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
    ToolRun run =
        run(
            "chat --url %s,%s --users 6 --rooms 2 --rate 30 --duration 2s --ramp-up 0s"
                .formatted(server.url(), byAddress));

    run.assertSucceeded();
    assertThat(run.count("sent")).isPositive();
    assertThat(run.count("lost")).isZero();
    assertThat(run.result().path("options").path("url").asText()).contains(byAddress);
  }

  @Test
  void chatOverTheNettyListenerDeliversEverythingAndWsPortIsWhereSessionsConnect()
      throws Exception {
    ToolRun run =
        run(
            "chat --ws-port %d --users 6 --rooms 2 --rate 30 --duration 2s --ramp-up 0s"
                .formatted(nettyPort));
    run.assertSucceeded();
    assertThat(run.count("sent")).isPositive();
    assertThat(run.count("lost")).isZero();

    // why: a port nobody listens on fails the run, so the option is what the sessions used
    int closed = DugoutServerProcess.freePort();
    ToolRun nowhere =
        run(
            "chat --ws-port %d --users 2 --rooms 1 --rate 5 --duration 1s --ramp-up 0s"
                .formatted(closed));
    assertThat(nowhere.exit()).isNotZero();
  }

  @Test
  void closedLoopChatKeepsEverySenderBusyUntilTheEnd() throws Exception {
    ToolRun run = run("chat --users 4 --rooms 1 --closed-loop --duration 2s --ramp-up 0s");

    run.assertSucceeded();
    assertThat(run.count("sent")).as("several rounds per sender").isGreaterThan(4 * 3);
    assertThat(run.count("expected")).isEqualTo(run.count("sent") * 4);
    assertThat(run.result().path("generator").path("cpuSeconds").asDouble())
        .as("a generator busy for two seconds has its CPU measured")
        .isPositive();
  }

  @Test
  void chatWithAWarmUpCountsOnlyWhatWasSentInTheMeasuredWindow() throws Exception {
    ToolRun run =
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
    ToolRun run =
        run(
            "chat --users 6 --rooms 2 --closed-loop --warm-up 1s --duration 1s --ramp-up 0s"
                + " --drain 2s");

    run.assertSucceeded();
    assertThat(run.count("received")).isEqualTo(run.count("expected"));
    assertThat(run.samples("echo")).isEqualTo(run.count("sent"));
  }

  @Test
  void fanoutDeliversEveryMessageToEverySubscriber() throws Exception {
    ToolRun run = run("fanout --users 8 --senders 2 --rate 20 --duration 3s --ramp-up 1s");

    run.assertSucceeded();
    long sent = run.count("sent");
    assertThat(sent).isPositive();
    assertThat(run.count("expected")).isEqualTo(sent * 8);
    assertThat(run.samples("echo")).isEqualTo(sent);
  }

  @Test
  void notifyDeliversEveryStoredNotificationLiveToEachRecipient() throws Exception {
    ToolRun run = run("notify --users 12 --batch 5 --senders 2 --rate 20 --duration 3s");

    run.assertSucceeded();
    long batches = run.samples("batch");
    assertThat(batches).isEqualTo(run.count("attempts")).isPositive();
    assertThat(run.count("sent")).isEqualTo(batches * 5);
    assertThat(run.count("expected")).isEqualTo(batches * 5);
    assertThat(run.samples("delivery")).isEqualTo(batches * 5);
    JsonNode cost = run.result().path("tables").get(0);
    assertThat(cost.path("title").asString()).isEqualTo("cost of a batch");
    assertThat(cost.path("rows").get(0).get(0).asString()).isEqualTo("5");
  }

  @Test
  void closedLoopNotifyKeepsEverySenderBusyUntilTheEnd() throws Exception {
    ToolRun run = run("notify --users 4 --batch 4 --senders 1 --closed-loop --duration 2s");

    run.assertSucceeded();
    assertThat(run.count("attempts")).as("many batches back to back").isGreaterThan(10);
    assertThat(run.count("received")).isEqualTo(run.count("sent"));
  }

  @Test
  void historyReadsTheRequestedPageAtEveryCursorDepth() throws Exception {
    ToolRun run =
        run(
            "history --messages 300 --clients 4 --requests 25 --enter-requests 10 --page-size 20"
                + " --depth-buckets 3");

    run.assertSucceeded();
    assertThat(run.count("attempts")).isEqualTo(4 * 25 + 4 * 10);
    assertThat(run.count("received")).isEqualTo(4 * 25 + 4 * 10);
    assertThat(run.samples("history")).isEqualTo(100);
    assertThat(run.samples("enter")).isEqualTo(40);
    JsonNode depth = run.result().path("tables").get(0);
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
    ToolRun run =
        run(
            "history --messages 100 --clients 3 --requests 20 --enter-requests 10 --page-size 20"
                + " --floor");

    run.assertSucceeded();
    assertThat(run.samples("history")).isEqualTo(60);
    assertThat(run.samples("enter")).isEqualTo(30);
    assertThat(run.samples("history-floor")).isEqualTo(60);
    assertThat(run.samples("enter-floor")).isEqualTo(30);
    JsonNode floor = run.result().path("floor");
    assertThat(floor.path("counts").path("received").asLong()).isEqualTo(90);
    assertThat(floor.path("counts").path("lost").asLong()).isZero();
    assertThat(floor.path("counts").path("errors").asLong()).isZero();
    run.assertRatio("history");
    run.assertRatio("enter");
    assertThat(run.count("received")).as("Dugout's own counts leave the floor out").isEqualTo(90);
    assertThat(run.out()).contains("Dugout / floor").contains("history-floor");
  }

  @Test
  void historyWarmsUpEveryTargetFirstWithoutMeasuringOrCountingIt() throws Exception {
    long before = hotReadsAnswered();
    ToolRun run =
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
    return server.counter("dugout_http_lean_requests_total{", "outcome=\"answered\"");
  }

  /** Messages the server stored so far, from its own metrics. */
  private long messagesStored() throws Exception {
    return server.counter("dugout_messages_appended_total", "");
  }

  @Test
  void chatWarmsTheGeneratorOnTheFloorUnseenByTheServer() throws Exception {
    long before = messagesStored();
    ToolRun run =
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
    assertThat(run.result().path("latency").has("delivery-floor"))
        .as("the warm-up is no floor run")
        .isFalse();
  }

  @Test
  void chatWithFloorRunsTheSameSessionsAgainstTheFloorBrokerAndReportsTheRatio() throws Exception {
    ToolRun run =
        run("chat --users 6 --rooms 2 --rate 30 --duration 2s --ramp-up 0s --drain 2s --floor");

    run.assertSucceeded();
    JsonNode floor = run.result().path("floor").path("counts");
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
      ToolRun run =
          run(
              "chat --users 6 --rooms 2 --rate 30 --duration 2s --ramp-up 0s --drain 2s"
                  + " --centrifugo "
                  + centrifugo.endpoint());

      run.assertSucceeded();
      JsonNode peer = run.result().path("floor");
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
      assertThat(run.out()).contains("Dugout / centrifugo");
    }
  }

  @Test
  void floorAndCentrifugoTogetherAreAUsageError() throws Exception {
    ToolRun run =
        run(
            "chat --users 2 --rooms 1 --rate 10 --duration 1s --ramp-up 0s --floor --centrifugo"
                + " ws://127.0.0.1:1/connection/websocket");

    assertThat(run.exit()).isEqualTo(Main.USAGE);
    assertThat(run.err()).contains("--floor and --centrifugo");
  }

  @Test
  void mintsTokensWithTheKeyTheServerKeepsInItsDataDirectory() throws Exception {
    Path key = temp.resolve("data/dev-jwt-secret");
    ToolRun run = run("send --users 2 --rooms 1 --loops 2 --ramp-up 0s --key-file " + key);

    run.assertSucceeded();
    assertThat(run.count("received")).isEqualTo(4);

    Path wrong = Files.writeString(temp.resolve("wrong-key"), "00".repeat(32));
    ToolRun refused = run("send --users 2 --loops 1 --key-file " + wrong);
    assertThat(refused.exit()).as("the key is really used").isEqualTo(Main.TARGET);
    assertThat(refused.err()).contains("token rejected");
  }

  @Test
  void rejectedTokenStopsTheRunWithOneClearLine() throws Exception {
    ToolRun run =
        run("send --users 2 --loops 1 --hmac-secret not-the-server-secret-not-the-server-secret");

    assertThat(run.exit()).isEqualTo(Main.TARGET);
    assertThat(run.err()).contains("token rejected");
    assertThat(run.dir().resolve("result.json")).doesNotExist();
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
      ToolRun run =
          run(
              limited,
              "chat --users 2 --rooms 1 --closed-loop --duration 2s --ramp-up 0s"
                  + " --max-error-rate 100 --hmac-secret "
                  + secret);

      assertThat(run.exit()).as(run.err()).isZero();
      assertThat(run.count("errors")).isPositive();
      assertThat(run.result().path("errorKinds").propertyNames())
          .containsExactly("send rejected: rate_limited");
      assertThat(run.count("lost")).isZero();
      assertThat(run.count("expected"))
          .isEqualTo(run.count("received"))
          .isEqualTo((run.count("sent") - run.count("errors")) * 2);
      assertThat(run.result().path("options").path("hmac-secret").asString()).isEqualTo("(set)");
    }
  }

  /** Runs the load tester against the shared server; {@code commandLine} as typed in a shell. */
  private ToolRun run(String commandLine) throws Exception {
    return ToolRun.of(server, temp, commandLine);
  }

  private ToolRun run(DugoutServerProcess server, String commandLine) throws Exception {
    return ToolRun.of(server, temp, commandLine);
  }
}
