package io.dugout.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code deploy/aot-train.sh}, the training run behind {@code ./dugout run}'s warm start: it must
 * leave an AOT cache that a JVM started with {@code -XX:AOTMode=on} (which refuses to start on a
 * cache it cannot use) maps and serves from. What the cache is worth is a benchmark (see
 * docs/operations.md, "A warm start"), not a test.
 */
class AotTrainingTests {

  @TempDir Path temp;

  @Test
  void trainsACacheThatAFreshServerStartsFrom() throws Exception {
    assumeTrue(Runtime.version().feature() >= 25, "the AOT cache with profiles needs JDK 25");
    String java = ProcessHandle.current().info().command().orElseThrow();
    Path jar =
        Path.of(
            System.getProperty("dugout.server.jar", "../dugout-server/target/dugout-server.jar"));
    Path out = temp.resolve("aot");
    Path trainLog = temp.resolve("train.log");
    ProcessBuilder training =
        new ProcessBuilder(
                "bash",
                "../deploy/aot-train.sh",
                jar.toString(),
                System.getProperty(
                    "surefire.test.class.path", System.getProperty("java.class.path")),
                out.toString())
            .redirectErrorStream(true)
            .redirectOutput(trainLog.toFile());
    training.environment().put("JAVA", java);
    training.environment().put("DUGOUT_AOT_TRAINING", "short");
    Process train = training.start();
    assertThat(train.waitFor(6, TimeUnit.MINUTES)).as("training ends").isTrue();
    assertThat(train.exitValue()).as(Files.readString(trainLog)).isZero();
    assertThat(Files.readString(trainLog)).doesNotContain("failed");
    assertThat(Files.size(out.resolve("dugout.aot"))).isGreaterThan(10_000_000L);

    Path log = temp.resolve("server.log");
    int port = DugoutServerProcess.freePort();
    List<String> command =
        new ArrayList<>(
            List.of(
                java,
                "--enable-native-access=ALL-UNNAMED",
                // why: the object layout the training used by default; a cache serves only that
                "-XX:+UseCompactObjectHeaders",
                "-XX:AOTMode=on",
                "-XX:AOTCache=" + out.resolve("dugout.aot"),
                "-Xlog:aot=info",
                "-jar",
                out.resolve("app/dugout-server.jar").toString(),
                "--server.port=" + port,
                "--dugout.data-dir=" + temp.resolve("data")));
    Process server =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    try {
      assertThat(healthOf(port, server)).as(() -> tail(log)).isEqualTo(200);
      assertThat(Files.readString(log)).contains("Opened AOT cache");
    } finally {
      server.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
  }

  private static int healthOf(int port, Process server) throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
    int status = -1;
    while (System.nanoTime() < deadline && server.isAlive()) {
      try {
        status =
            http.send(
                    HttpRequest.newBuilder(
                            URI.create("http://localhost:" + port + "/actuator/health"))
                        .timeout(Duration.ofSeconds(2))
                        .build(),
                    HttpResponse.BodyHandlers.discarding())
                .statusCode();
        if (status == 200) {
          return status;
        }
      } catch (java.io.IOException ex) {
        // not listening yet
      }
      // why: health answers 503 from the moment Tomcat listens until the node is ready
      Thread.sleep(200);
    }
    return status;
  }

  private static String tail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    } catch (java.io.IOException ex) {
      return ex.toString();
    }
  }
}
