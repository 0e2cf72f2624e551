package io.dugout;

import java.io.IOException;
import java.net.ServerSocket;
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

/**
 * A Dugout server in a separate JVM, started from the test class path, so tests can kill it for
 * real ({@code kill -9}) or stop it gracefully ({@code SIGTERM}) and start it again on the same
 * data directory.
 */
public final class ServerProcess implements AutoCloseable {

  private final Path dataDir;
  private final Path log;
  private final int port;
  private final Map<String, String> environment;
  private Process process;

  private ServerProcess(Path dataDir, int port, Map<String, String> environment) {
    this.dataDir = dataDir;
    this.environment = Map.copyOf(environment);
    this.log = dataDir.resolveSibling(dataDir.getFileName() + "-server.log");
    this.port = port;
  }

  /** Starts a server on a free port and waits until it reports healthy. */
  public static ServerProcess start(Path dataDir, String... extraArgs) {
    return start(dataDir, Map.of(), extraArgs);
  }

  /** Starts a server with these extra environment variables (a pod's, say). */
  public static ServerProcess start(
      Path dataDir, Map<String, String> environment, String... extraArgs) {
    var server = new ServerProcess(dataDir, freePort(), environment);
    server.launch(extraArgs);
    return server;
  }

  public int port() {
    return port;
  }

  public long pid() {
    return process.pid();
  }

  /** The server's log, every start appended to it. */
  public Path log() {
    return log;
  }

  /**
   * Kills the process with SIGKILL and waits until it is gone.
   *
   * @return its exit code: 137 (128 + SIGKILL) on Linux when the kill, not a shutdown, ended it
   */
  public int kill() throws InterruptedException {
    process.destroyForcibly();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      throw new AssertionError("server did not die");
    }
    return process.exitValue();
  }

  /** Sends SIGTERM and waits for a graceful exit. */
  public int terminate() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      throw new AssertionError("server did not stop within 60 s");
    }
    return process.exitValue();
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /**
   * Writes the live server's threads beside its log, for a look after a failure: {@code <data
   * dir>-threads.txt} has the platform threads with the locks they hold ({@code jcmd PID
   * Thread.print -l}), {@code <data dir>-all-threads.txt} every thread, virtual ones too ({@code
   * jcmd PID Thread.dump_to_file}).
   *
   * @return the first file
   */
  public Path dumpThreads() throws IOException, InterruptedException {
    String name = dataDir.getFileName().toString();
    var platform = dataDir.resolveSibling(name + "-threads.txt");
    var all = dataDir.resolveSibling(name + "-all-threads.txt");
    jcmd(platform, "Thread.print", "-l");
    jcmd(null, "Thread.dump_to_file", "-overwrite", all.toString());
    return platform;
  }

  private void jcmd(Path output, String... command) throws IOException, InterruptedException {
    var line = new ArrayList<String>();
    line.add(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString());
    line.add(Long.toString(pid()));
    line.addAll(List.of(command));
    var builder = new ProcessBuilder(line).redirectErrorStream(true);
    builder.redirectOutput(
        output == null
            ? ProcessBuilder.Redirect.DISCARD
            : ProcessBuilder.Redirect.to(output.toFile()));
    var run = builder.start();
    if (!run.waitFor(60, TimeUnit.SECONDS)) {
      run.destroyForcibly();
    }
  }

  /** Starts the server again on the same port and data directory. */
  public void restart(String... extraArgs) {
    launch(extraArgs);
  }

  private void launch(String... extraArgs) {
    var command = new ArrayList<String>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.addAll(
        List.of(
            "--enable-native-access=ALL-UNNAMED",
            "-Xmx512m",
            // why: C2 compiler threads compete with the start for two cores; C1 alone starts a
            // test server in about 6 s instead of 9, and its load here is small
            "-XX:TieredStopAtLevel=1",
            "-cp",
            System.getProperty("java.class.path")));
    command.add(DugoutApplication.class.getName());
    command.add("--server.port=" + port);
    command.add("--dugout.data-dir=" + dataDir);
    command.addAll(TestStore.serverArgs(dataDir.toAbsolutePath().toString()));
    command.addAll(List.of(extraArgs));
    try {
      var builder = new ProcessBuilder(command);
      builder.environment().putAll(environment);
      process =
          builder
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
              .start();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    try {
      awaitHealthy();
    } catch (AssertionError e) {
      // why: a server that never became healthy must not outlive the test that started it
      process.destroyForcibly();
      throw e;
    }
  }

  /** The last {@code lines} lines of the server's log, for a failure message. */
  private String logTail(int lines) {
    try {
      var all = Files.readAllLines(log);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException e) {
      return "(no log: " + e + ")";
    }
  }

  private void awaitHealthy() {
    var http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    var request =
        HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/actuator/health")).build();
    long deadline = System.currentTimeMillis() + 120_000;
    while (System.currentTimeMillis() < deadline) {
      if (!process.isAlive()) {
        throw new AssertionError(
            "server exited with " + process.exitValue() + "; its log ends:\n" + logTail(40));
      }
      try {
        if (http.send(request, HttpResponse.BodyHandlers.ofString()).body().contains("UP")) {
          return;
        }
      } catch (IOException e) {
        // not listening yet
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        throw new AssertionError(e);
      }
    }
    throw new AssertionError("server not healthy within 120 s; see " + log);
  }

  private static int freePort() {
    try (var socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Override
  public void close() {
    if (process != null && process.isAlive()) {
      process.destroyForcibly();
    }
  }
}
