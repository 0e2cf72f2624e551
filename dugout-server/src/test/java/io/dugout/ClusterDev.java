package io.dugout;

import io.dugout.cluster.kafka.KafkaProcess;
import io.dugout.cluster.redis.RedisProcess;
import io.dugout.store.mongo.InJvmMongo;
import io.dugout.store.mongo.SecantusServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code ./dugout cluster-dev}: a whole cluster on this machine in one command — a real Kafka
 * broker (KRaft, from the Kafka jars, as a process of its own), a real redis-server process, a
 * MongoDB stand-in, and Dugout nodes in cluster mode as processes of their own on consecutive
 * ports. Ctrl-C stops all of them. Everything lives in {@code ./cluster-dev/} (logs, data), wiped
 * at every start.
 *
 * <p>Options: {@code --nodes=N} (2), {@code --port=P} (8081: nodes on P, P+1, …), {@code
 * --secantus} (SecantusDB, a MongoDB-wire server on WiredTiger in its own process, instead of the
 * in-process mongo-java-server; installed into a Python venv on first use). Neither stand-in is
 * MongoDB, and all processes share this machine's cores: never quote their speed as a cluster's.
 * The nodes run with a fixed 1 GB heap and the JVM options in {@code DUGOUT_NODE_JVM_OPTIONS}
 * (space-separated), which {@code ./dugout cluster-dev} sets to those of {@code
 * deploy/jvm-options.sh}, as the image and {@code ./dugout run} use them.
 *
 * <p>A development tool built from the test class path (it needs the test-only stand-ins), not part
 * of the server.
 */
public final class ClusterDev {

  private final Path dir = Path.of("cluster-dev").toAbsolutePath();
  private final List<Process> processes = new ArrayList<>();
  private final java.util.concurrent.atomic.AtomicBoolean stopping =
      new java.util.concurrent.atomic.AtomicBoolean();
  private final List<AutoCloseable> servers = new ArrayList<>();

  public static void main(String[] args) throws Exception {
    // why: the in-process MongoDB stand-in logs every operation; only problems belong on screen
    ((ch.qos.logback.classic.Logger)
            org.slf4j.LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME))
        .setLevel(ch.qos.logback.classic.Level.WARN);
    int nodes = 2;
    int port = 8081;
    boolean secantus = false;
    for (String arg : args) {
      if (arg.startsWith("--nodes=")) {
        nodes = Integer.parseInt(arg.substring(8));
      } else if (arg.startsWith("--port=")) {
        port = Integer.parseInt(arg.substring(7));
      } else if (arg.equals("--secantus")) {
        secantus = true;
      } else {
        System.err.println("usage: ./dugout cluster-dev [--nodes=N] [--port=P] [--secantus]");
        System.exit(2);
      }
    }
    // why: the in-process MongoDB stand-in warns on every index it does not build, which says
    // nothing about Dugout
    ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("de.bwaldvogel"))
        .setLevel(ch.qos.logback.classic.Level.ERROR);
    var dev = new ClusterDev();
    Runtime.getRuntime().addShutdownHook(new Thread(dev::stop, "cluster-dev-stop"));
    // why: the JVM runs every shutdown hook at once, and Kafka's and Redis's own hooks would stop
    // them while the nodes still drain; stopping here, before the JVM's shutdown begins, stops the
    // nodes first and then Kafka and Redis
    for (String name : List.of("TERM", "INT")) {
      try {
        sun.misc.Signal.handle(
            new sun.misc.Signal(name),
            signal -> {
              dev.stop();
              System.exit(0);
            });
      } catch (IllegalArgumentException e) {
        // a signal the JVM may not handle here (ignored by the parent): the hook above stops all
      }
    }
    dev.run(nodes, port, secantus);
    Thread.currentThread().join();
  }

  private void run(int nodes, int firstPort, boolean secantus) throws Exception {
    wipe(dir);
    Files.createDirectories(dir);
    say("starting Kafka (KRaft, one broker) …");
    var broker = KafkaProcess.start(dir.resolve("kafka"), java.util.Map.of());
    servers.add(broker);
    String kafka = broker.bootstrap();
    say("Kafka at " + kafka + "; starting redis-server …");
    var redis = RedisProcess.start(Files.createDirectories(dir.resolve("redis")));
    servers.add(redis);
    String mongo;
    if (secantus) {
      say("starting SecantusDB …");
      var server = SecantusServer.start();
      servers.add(server);
      mongo = server.uri();
    } else {
      var server = new InJvmMongo();
      servers.add(server);
      mongo = server.uri();
    }
    say("Redis at " + redis.url() + ", MongoDB stand-in at " + mongo);
    byte[] secret = new byte[32];
    new java.security.SecureRandom().nextBytes(secret);
    var urls = new ArrayList<String>();
    for (int i = 0; i < nodes; i++) {
      int port = firstPort + i;
      Path data = Files.createDirectories(dir.resolve("node-" + (i + 1)));
      // why: try-it-out tokens are signed with the data dir's secret; one for all nodes
      Files.writeString(data.resolve("dev-jwt-secret"), HexFormat.of().formatHex(secret));
      say(
          "starting node "
              + (i + 1)
              + " on port "
              + port
              + " (log: "
              + log("node-" + (i + 1))
              + ")");
      start(
          "node-" + (i + 1),
          concat(
              NODE_JVM_OPTIONS,
              // why: as the image does, the heap starts at its cap, where the free ratios of
              // deploy/jvm-options.sh cannot shrink it; held near its live set, every young
              // collection began a marking cycle and the node spent a fifth more CPU per send
              "-Xms1g",
              "-Xmx1g",
              "-cp",
              System.getProperty("java.class.path"),
              DugoutApplication.class.getName(),
              "--server.port=" + port,
              "--dugout.data-dir=" + data,
              "--spring.profiles.active=cluster",
              "--spring.mongodb.uri=" + mongo + "/dugout",
              // why: the in-process stand-in does not answer Boot's health command
              "--management.health.mongodb.enabled=" + secantus,
              "--spring.data.redis.url=" + redis.url(),
              "--spring.kafka.bootstrap-servers=" + kafka,
              "--dugout.cluster.kafka.single-broker=true",
              "--dugout.cluster.node-id=node-" + (i + 1),
              "--dugout.auth.try-it-out-service-tokens=true"));
      urls.add("http://localhost:" + port);
    }
    for (String url : urls) {
      awaitHealthy(url);
    }
    say("");
    say("cluster up: " + String.join(" ", urls));
    // why: the default rate is for one embedded node; a cluster on one box is full at 200 - 300
    say(
        "  load test across nodes: ./dugout loadtest chat --rate 200 --duration 20s --url "
            + String.join(",", urls));
    say("  logs and data: " + dir + "   Ctrl-C stops everything");
  }

  /** The nodes' JVM options besides the heap: {@code DUGOUT_NODE_JVM_OPTIONS}, or none. */
  private static final List<String> NODE_JVM_OPTIONS =
      List.of(
          System.getenv()
              .getOrDefault("DUGOUT_NODE_JVM_OPTIONS", "--enable-native-access=ALL-UNNAMED")
              .trim()
              .split("\\s+"));

  private static List<String> concat(List<String> first, String... rest) {
    var all = new ArrayList<>(first);
    all.addAll(List.of(rest));
    return all;
  }

  private Process start(String name, List<String> arguments) throws IOException {
    var command = new ArrayList<String>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.addAll(arguments);
    var process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(log(name).toFile())
            .start();
    processes.add(process);
    return process;
  }

  private Path log(String name) {
    return dir.resolve(name + ".log");
  }

  private void awaitHealthy(String url) throws Exception {
    var http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    var request = HttpRequest.newBuilder(URI.create(url + "/actuator/health")).build();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
    while (System.nanoTime() < deadline) {
      try {
        if (http.send(request, HttpResponse.BodyHandlers.ofString()).body().contains("UP")) {
          return;
        }
      } catch (IOException e) {
        // not listening yet
      }
      Thread.sleep(250);
    }
    throw new IllegalStateException(url + " not healthy within 180 s; see the node logs in " + dir);
  }

  /** Stops the nodes first (they drain), then Kafka, Redis and MongoDB. */
  private void stop() {
    if (!stopping.compareAndSet(false, true)) {
      return;
    }
    say("stopping …");
    for (var process : processes.reversed()) {
      process.destroy();
      try {
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
          process.destroyForcibly();
        }
      } catch (InterruptedException e) {
        process.destroyForcibly();
      }
    }
    for (var server : servers.reversed()) {
      try {
        server.close();
      } catch (Exception e) {
        say("stopping " + server + " failed: " + e);
      }
    }
  }

  private static void wipe(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (var paths = Files.walk(dir)) {
      for (var path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  private static void say(String line) {
    System.out.println("cluster-dev: " + line);
  }
}
