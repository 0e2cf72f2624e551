package io.dugout.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Dugout server in a process of its own, started from the test's classpath, so a test can
 * kill it the hard way ({@code kill -9}) and start it again on the same data directory.
 */
public final class ServerProcess implements AutoCloseable {

  private static final Duration STARTUP = Duration.ofSeconds(120);

  private final Process process;
  private final int port;
  private final Path log;

  private ServerProcess(Process process, int port, Path log) {
    this.process = process;
    this.port = port;
    this.log = log;
  }

  /** Starts a node on a free port with its data in {@code dataDir}; returns once it is UP. */
  public static ServerProcess start(Path dataDir, Path log) {
    int port = freePort();
    String java = ProcessHandle.current().info().command().orElseThrow();
    var command =
        List.of(
            java,
            "-cp",
            System.getProperty("java.class.path"),
            "--enable-native-access=ALL-UNNAMED",
            "-Xmx256m",
            "-XX:TieredStopAtLevel=1",
            "io.dugout.DugoutApplication",
            "--server.port=" + port,
            "--dugout.data-dir=" + dataDir);
    try {
      Files.createDirectories(log.getParent());
      var process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
              .start();
      var server = new ServerProcess(process, port, log);
      server.awaitUp();
      return server;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public int port() {
    return port;
  }

  public DugoutClient client() {
    return DugoutClient.onPort(port);
  }

  public long pid() {
    return process.pid();
  }

  /**
   * Kills the process with SIGKILL, giving it no chance to flush or close anything, and waits
   * until the operating system reports it gone.
   *
   * @return the exit code (137 = 128 + SIGKILL on Linux)
   */
  public int killHard() {
    process.destroyForcibly();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException("process " + pid() + " survived SIGKILL");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    return process.exitValue();
  }

  public boolean isAlive() {
    return process.isAlive() || ProcessHandle.of(pid()).map(ProcessHandle::isAlive).orElse(false);
  }

  @Override
  public void close() {
    if (process.isAlive()) {
      killHard();
    }
  }

  private void awaitUp() {
    var client = client();
    Instant deadline = Instant.now().plus(STARTUP);
    while (Instant.now().isBefore(deadline)) {
      if (!process.isAlive()) {
        throw new IllegalStateException("the server exited with " + process.exitValue() + ":\n" + tail());
      }
      try {
        var health = client.get(null, "/actuator/health");
        if (health.status() == 200 && "UP".equals(health.text("status"))) {
          return;
        }
      } catch (UncheckedIOException notYet) {
        // why: the port is not open until the server has started
      }
      sleep(200);
    }
    close();
    throw new IllegalStateException("the server was not UP within " + STARTUP + ":\n" + tail());
  }

  private String tail() {
    try {
      var lines = Files.readAllLines(log);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  private static int freePort() {
    try (var socket = new ServerSocket(0)) {
      socket.setReuseAddress(true);
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
