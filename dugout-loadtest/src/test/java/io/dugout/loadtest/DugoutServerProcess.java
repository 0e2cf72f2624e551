package io.dugout.loadtest;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real Dugout server, started from the server module's executable jar as a separate process on a
 * free port with a fresh data directory, and stopped after the tests.
 */
final class DugoutServerProcess implements AutoCloseable {

  private static final Duration STARTUP = Duration.ofSeconds(120);

  private final Process process;

  private final int port;

  private final Path log;

  private DugoutServerProcess(Process process, int port, Path log) {
    this.process = process;
    this.port = port;
    this.log = log;
  }

  static DugoutServerProcess start(Path dataDir, String... extraArgs) throws Exception {
    Path jar =
        Path.of(
            System.getProperty("dugout.server.jar", "../dugout-server/target/dugout-server.jar"));
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(
          "server jar not found at "
              + jar.toAbsolutePath()
              + ": build it first (./mvnw -B -q -DskipTests package -pl dugout-server)");
    }
    int port = freePort();
    String java = ProcessHandle.current().info().command().orElse("java");
    Path log = Files.createTempFile("dugout-server-", ".log");
    List<String> command =
        new java.util.ArrayList<>(
            List.of(
                java,
                "--enable-native-access=ALL-UNNAMED",
                "-Xmx1g",
                "-jar",
                jar.toString(),
                "--server.port=" + port,
                "--dugout.data-dir=" + dataDir,
                // why: the load tester sets up rooms with a try-it-out service token
                "--dugout.auth.try-it-out-service-tokens=true"));
    command.addAll(List.of(extraArgs));
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    DugoutServerProcess server = new DugoutServerProcess(process, port, log);
    server.awaitUp();
    return server;
  }

  String url() {
    return "http://localhost:" + port;
  }

  /** The sum of the server's counter lines that start with {@code name} and contain {@code tag}. */
  long counter(String name, String tag) throws Exception {
    var http = HttpClient.newHttpClient();
    String issued =
        http.send(
                HttpRequest.newBuilder(URI.create(url() + "/api/v1/dev/token"))
                    .header("Content-Type", "application/json")
                    .POST(
                        HttpRequest.BodyPublishers.ofString(
                            "{\"userId\":\"lt-probe\",\"scope\":\"dugout:service\"}"))
                    .build(),
                HttpResponse.BodyHandlers.ofString())
            .body();
    Matcher token = Pattern.compile("\"token\"\\s*:\\s*\"([^\"]+)\"").matcher(issued);
    if (!token.find()) {
      throw new IllegalStateException("no service token: " + issued);
    }
    String scrape =
        http.send(
                HttpRequest.newBuilder(URI.create(url() + "/actuator/prometheus"))
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

  private void awaitUp() throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    long deadline = System.nanoTime() + STARTUP.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            "server exited with " + process.exitValue() + ":\n" + tail());
      }
      try {
        HttpResponse<String> health =
            http.send(
                HttpRequest.newBuilder(URI.create(url() + "/actuator/health")).build(),
                HttpResponse.BodyHandlers.ofString());
        if (health.statusCode() == 200 && health.body().contains("\"UP\"")) {
          return;
        }
      } catch (IOException notYet) {
        // still starting
      }
      Thread.sleep(250);
    }
    close();
    throw new IllegalStateException("server not UP within " + STARTUP + ":\n" + tail());
  }

  private String tail() throws IOException {
    List<String> lines = Files.readAllLines(log);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
  }

  static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  @Override
  public void close() throws Exception {
    process.destroy();
    if (!process.waitFor(15, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
    }
  }
}
