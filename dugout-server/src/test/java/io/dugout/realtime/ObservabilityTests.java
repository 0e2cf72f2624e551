package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.CapturedLog;
import io.dugout.ClientPath;
import io.dugout.TestStore;
import io.dugout.Waits;
import io.dugout.system.UserHash;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * What operators see: the Prometheus scrape, the Grafana dashboard in {@code dashboards/}, the
 * access log and the session log.
 */
@TestPropertySource(properties = {"dugout.log.access=true", "dugout.log.sessions=true"})
@ClientPath.EveryPath
class ObservabilityTests extends RealtimeTestBase {

  private static final Path DASHBOARD = Path.of("..", "dashboards", "dugout.json");

  @Autowired MeterRegistry meters;

  @Test
  void everyMetricTheDashboardQueriesIsInTheScrape() throws Exception {
    chat();
    System.gc(); // why: jvm_gc_pause_* exists only once a collection happened
    // why: the JVM reports a collection to Micrometer asynchronously, after System.gc() returns
    Waits.until(
        () -> meters.find("jvm.gc.pause").timer() != null,
        Duration.ofSeconds(10),
        "the collection reported to jvm.gc.pause");
    var exposed = exposedNames(scrape());
    var dashboard = JSON.readTree(Files.readString(DASHBOARD));
    var mode = TestStore.clusterStorage() ? Mode.CLUSTER : Mode.EMBEDDED;
    var queried = queriedNames(panels(dashboard, mode));
    var other = queriedNames(panels(dashboard, mode.other()));
    other.removeAll(queried);
    assertThat(queried).contains("dugout_realtime_sessions", "jvm_gc_pause_seconds_max");
    assertThat(exposed).containsAll(queried);
    assertThat(exposed)
        .contains("dugout_realtime_outbound_bytes", "dugout_realtime_outbound_budget_bytes");
    // why: the other mode's rows are empty here, and say so in their titles
    assertThat(other).isNotEmpty();
    assertThat(exposed).doesNotContainAnyElementsOf(other);
  }

  /** Which rows of the dashboard a node shows: embedded mode has RocksDB, cluster storage not. */
  enum Mode {
    EMBEDDED("RocksDB"),
    CLUSTER("Cluster backends");

    private final String rowPrefix;

    Mode(String rowPrefix) {
      this.rowPrefix = rowPrefix;
    }

    Mode other() {
      return this == EMBEDDED ? CLUSTER : EMBEDDED;
    }
  }

  /** The dashboard's panels a node in {@code mode} fills: every row but the other mode's. */
  static List<JsonNode> panels(JsonNode dashboard, Mode mode) {
    var picked = new ArrayList<JsonNode>();
    boolean shown = true;
    for (JsonNode panel : dashboard.path("panels")) {
      if (panel.path("type").asString().equals("row")) {
        shown = !panel.path("title").asString().startsWith(mode.other().rowPrefix);
      }
      if (shown) {
        picked.add(panel);
      }
    }
    return picked;
  }

  @Test
  void noMetricIsTaggedWithARoomOrAUser() {
    var traffic = chat();
    String scrape = scrape();
    assertThat(scrape)
        .contains("dugout_messages_appended_total")
        .doesNotContain(traffic.roomId())
        .doesNotContain(traffic.sender())
        .doesNotContain(traffic.receiver());
  }

  @Test
  void prometheusNeedsAServiceToken() {
    assertThat(client.get(null, "/actuator/prometheus").status()).isEqualTo(401);
    assertThat(client.get(token(user("eve")), "/actuator/prometheus").status()).isEqualTo(403);
  }

  @Test
  void refusedConnectIsCountedByReason() {
    var refused =
        meters.get("dugout.realtime.connect.failures").tag("reason", "invalid_token").counter();
    double before = refused.count();
    var stomp = open();
    stomp.sendRaw("CONNECT\naccept-version:1.2\nhost:x\nAuthorization:Bearer not-a-jwt\n\n\0");
    stomp.await(f -> true).requireCommand("ERROR");
    assertThat(refused.count()).isEqualTo(before + 1);
  }

  @Test
  void accessLogNamesTheRouteTemplateAndAUserHashButNeverThePathOrToken() {
    String alice = user("alice");
    String token = token(alice);
    String roomId = groupOf(alice);
    try (var log = CapturedLog.of("dugout.access")) {
      get(token, "/api/v1/rooms/" + roomId + "/messages?limit=5");
      Waits.until(
          () -> log.lines().stream().anyMatch(l -> l.contains("/messages")),
          Duration.ofSeconds(10),
          "the access log line");
      String line =
          log.lines().stream().filter(l -> l.contains("/messages")).findFirst().orElseThrow();
      assertThat(line)
          .startsWith("method=GET route=/api/v1/rooms/{roomId}/messages status=200 duration_ms=")
          .endsWith(" user=" + UserHash.of(alice))
          .doesNotContain(roomId)
          .doesNotContain(alice)
          .doesNotContain(token)
          .doesNotContain("limit");
    }
  }

  @Test
  void sessionLogTellsWhoConnectedAndWhyTheSessionEnded() {
    String bob = user("bob");
    try (var log = CapturedLog.of("dugout.session")) {
      var stomp = connect(bob);
      stomp.sendRaw("BEGIN\ntransaction:t1\n\n\0");
      stomp.await(f -> true).requireCommand("ERROR");
      stomp.awaitClose();
      Waits.until(
          () -> log.lines().stream().anyMatch(l -> l.contains("event=disconnected")),
          Duration.ofSeconds(10),
          "the disconnect line");
      String hash = UserHash.of(bob);
      assertThat(log.lines())
          .anySatisfy(l -> assertThat(l).contains("event=connected user=" + hash))
          .anySatisfy(
              l ->
                  assertThat(l)
                      .contains("event=disconnected user=" + hash + " reason=protocol_error"))
          .allSatisfy(l -> assertThat(l).doesNotContain(bob));
    }
  }

  /** Two users chat over STOMP and REST, so that counters and timers have samples. */
  private Traffic chat() {
    String alice = user("alice");
    String bob = user("bob");
    String roomId = groupOf(alice, bob);
    var receiver = connect(bob);
    receiver.subscribeAndWait("s1", "/topic/rooms." + roomId, "since-seq", "0");
    var sender = connect(alice);
    sender.sendJson("/app/rooms." + roomId + ".messages", text("m1", "hello"), "r1");
    sender.awaitReceipt("r1");
    receiver.await(f -> f.command().equals("MESSAGE") && f.body().contains("hello"));
    say(token(alice), roomId, "m2", "over REST");
    get(token(bob), "/api/v1/rooms/" + roomId + "/messages");
    var refused = open();
    refused.sendRaw("CONNECT\naccept-version:1.2\nhost:x\nAuthorization:Bearer bad\n\n\0");
    refused.awaitClose();
    return new Traffic(roomId, alice, bob);
  }

  private String scrape() {
    var response = client.get(client.serviceToken(user("prometheus")), "/actuator/prometheus");
    assertThat(response.status()).isEqualTo(200);
    return response.body();
  }

  private static Set<String> exposedNames(String scrape) {
    var names = new TreeSet<String>();
    for (String line : scrape.split("\n")) {
      if (!line.isBlank() && !line.startsWith("#")) {
        names.add(line.split("[{ ]", 2)[0]);
      }
    }
    return names;
  }

  private static final Pattern STRINGS = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"");
  private static final Pattern MATCHERS = Pattern.compile("\\{[^}]*}|\\[[^]]*]");
  private static final Pattern GROUPINGS =
      Pattern.compile("\\b(?:by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)");
  private static final Pattern IDENTIFIER = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
  private static final Set<String> KEYWORDS = Set.of("and", "or", "unless", "offset", "bool");

  /** The metric names in every PromQL expression of the dashboard. */
  static Set<String> queriedNames(List<JsonNode> panels) {
    var names = new TreeSet<String>();
    var exprs = new ArrayList<JsonNode>();
    panels.forEach(panel -> exprs.addAll(panel.findValues("expr")));
    for (JsonNode expr : exprs) {
      String query = expr.asString();
      query = STRINGS.matcher(query).replaceAll("");
      query = MATCHERS.matcher(query).replaceAll("");
      query = GROUPINGS.matcher(query).replaceAll("");
      var m = IDENTIFIER.matcher(query);
      while (m.find()) {
        String name = m.group();
        boolean function = query.substring(m.end()).stripLeading().startsWith("(");
        if (!function && !KEYWORDS.contains(name)) {
          names.add(name);
        }
      }
    }
    return names;
  }

  record Traffic(String roomId, String sender, String receiver) {}
}
