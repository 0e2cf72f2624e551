package io.dugout.cluster.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.DugoutClient;
import io.dugout.cluster.kafka.TestCluster;
import io.dugout.cluster.redis.RedisProcess;
import io.dugout.store.mongo.InJvmMongo;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cluster node started from the packaged jar, as {@code ./dugout run} and the image start it (the
 * extracted layout), straight into load: its first requests arrive while it is still cold, so every
 * driver class loads under load, on virtual threads, on this machine's two cores. Many times: a
 * node that hangs once in a while must fail this. Each start must answer every send (a receipt, or
 * an error) and its health probe, and its watchdog must never see its virtual threads stop. Runs
 * after {@code package} (failsafe), on the jar the build just made.
 */
class FreshNodeUnderLoadTests {

  private static final int STARTS = Integer.getInteger("dugout.fresh-node.starts", 4);
  private static final int CLIENTS = 40;
  private static final Duration LOAD = Duration.ofSeconds(10);

  /** 200 sends/s in all: 40 clients, one send each every 200 ms. */
  private static final Duration SEND_EVERY = Duration.ofMillis(200);

  @TempDir static Path dir;
  private static Path app;

  @BeforeAll
  static void extractThePackagedJar() throws Exception {
    Path jar = Path.of("target", "dugout-server.jar").toAbsolutePath();
    assertThat(jar).as("the packaged jar (run after package)").exists();
    app = dir.resolve("app");
    var extract =
        new ProcessBuilder(
                java(),
                "-Djarmode=tools",
                "-jar",
                jar.toString(),
                "extract",
                "--destination",
                app.toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("extract.log").toFile())
            .start();
    assertThat(extract.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(extract.exitValue()).isZero();
  }

  @Test
  void answersEverySendWhenStartedStraightIntoLoad() throws Exception {
    String db = "fresh_" + Long.toHexString(System.nanoTime());
    for (int start = 1; start <= STARTS; start++) {
      Path data = Files.createDirectories(dir.resolve("node-" + start));
      Files.writeString(data.resolve("dev-jwt-secret"), "ab".repeat(32));
      int port = freePort();
      Path log = dir.resolve("node-" + start + ".log");
      var node = launch(port, data, db, log);
      try {
        awaitListening(port, node);
        load(port, "start " + start, log);
      } finally {
        node.destroyForcibly();
        node.waitFor(30, TimeUnit.SECONDS);
      }
      assertThat(Files.readString(log))
          .as("start %d's log", start)
          .doesNotContain("Virtual threads have not run");
    }
  }

  private void load(int port, String what, Path log) throws Exception {
    var api = DugoutClient.onPort(port);
    var clients = new ArrayList<AppClient>();
    String room = null;
    for (int i = 0; i < CLIENTS; i++) {
      String user = "u" + i;
      String token = tokenWhenServed(api, user);
      if (room == null) {
        var created =
            api.postJson(
                token,
                "/api/v1/rooms",
                Map.of("type", "GROUP", "title", "fresh", "memberIds", memberIds()));
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        room = created.text("id");
      }
      var client = new AppClient(user, token, List.of(), () -> port);
      clients.add(client);
    }
    String target = room;
    var senders = new ArrayList<Thread>();
    for (var client : clients) {
      senders.add(
          Thread.ofVirtual()
              .start(
                  () -> {
                    client.ensureConnected(Duration.ofSeconds(10));
                    long end = System.nanoTime() + LOAD.toNanos();
                    while (System.nanoTime() < end) {
                      client.sendNew(target);
                      pause(SEND_EVERY.toMillis());
                    }
                  }));
    }
    var http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    var health =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/health"));
    for (var sender : senders) {
      while (!sender.join(Duration.ofSeconds(1))) {
        var answer =
            http.send(
                health.copy().timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as("%s: health during load", what).isIn(200, 503);
      }
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    List<String> unanswered = List.of();
    while (System.nanoTime() < deadline) {
      unanswered =
          clients.stream()
              .flatMap(c -> c.sends().stream())
              .filter(s -> !s.receipted() && s.errors.isEmpty())
              .map(s -> s.clientMsgId)
              .toList();
      if (unanswered.isEmpty()) {
        break;
      }
      pause(250);
    }
    clients.forEach(AppClient::close);
    assertThat(unanswered)
        .as("%s: sends with neither a receipt nor an error (log %s)", what, log)
        .isEmpty();
    long sends = clients.stream().mapToLong(c -> c.sends().size()).sum();
    assertThat(sends).as("%s: sends made", what).isGreaterThan(CLIENTS * 10L);
  }

  /** A token, asked again while the node still starts its web server. */
  private static String tokenWhenServed(DugoutClient api, String user) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (true) {
      try {
        return api.token(user);
      } catch (RuntimeException | AssertionError e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
        pause(100);
      }
    }
  }

  private static List<String> memberIds() {
    var ids = new ArrayList<String>();
    for (int i = 1; i < CLIENTS; i++) {
      ids.add("u" + i);
    }
    return ids;
  }

  private Process launch(int port, Path data, String db, Path log) throws IOException {
    var command =
        List.of(
            java(),
            "--enable-native-access=ALL-UNNAMED",
            "-Xmx512m",
            "-jar",
            app.resolve("dugout-server.jar").toString(),
            "--server.port=" + port,
            "--dugout.data-dir=" + data,
            "--spring.profiles.active=cluster",
            "--spring.mongodb.uri=" + InJvmMongo.shared().uri() + "/" + db,
            "--management.health.mongodb.enabled=false",
            "--spring.data.redis.url=" + RedisProcess.shared().url(),
            "--spring.kafka.bootstrap-servers=" + TestCluster.kafkaBootstrap(),
            "--dugout.cluster.kafka.single-broker=true",
            "--dugout.cluster.kafka.topic=dugout.sends." + db,
            "--dugout.cluster.kafka.group=dugout-" + db,
            "--dugout.cluster.kafka.partitions=" + TestCluster.PARTITIONS,
            "--dugout.cluster.notifications.topic=dugout.notifications." + db,
            "--dugout.cluster.notifications.group=dugout-notifiers-" + db,
            "--dugout.cluster.notifications.partitions=" + TestCluster.PARTITIONS,
            "--dugout.auth.try-it-out-service-tokens=true",
            // why: the group's session (6 s on the test broker) hands a killed start's partitions
            // to the next; the watchdog reports a stall, the test fails on its line
            "--dugout.watchdog.exit-after=0");
    var process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    Runtime.getRuntime().addShutdownHook(new Thread(process::destroyForcibly));
    return process;
  }

  /** Waits only until the port takes connections: the load starts before the node is warm. */
  private static void awaitListening(int port, Process node) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < deadline) {
      assertThat(node.isAlive()).as("the node runs").isTrue();
      try (var socket = new Socket("127.0.0.1", port)) {
        return;
      } catch (IOException e) {
        Thread.sleep(50);
      }
    }
    throw new AssertionError("the node did not listen within 120 s");
  }

  private static String java() {
    return ProcessHandle.current().info().command().orElse("java");
  }

  private static int freePort() throws IOException {
    try (var socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
