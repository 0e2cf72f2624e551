package io.dugout.store.mongo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * SecantusDB, a MongoDB-wire server on the real WiredTiger engine that announces a one-node replica
 * set (so transactions and majority concerns are real), as a separate process on a random loopback
 * port, its data in memory. Installed on first use into a Python venv ({@code
 * ~/.cache/dugout/secantus-VERSION}, or {@code DUGOUT_SECANTUS_VENV}); tests that need it are
 * skipped, saying why, only when it cannot be installed. A test server, never a dependency of
 * Dugout (beta, GPL-2.0), and much slower than mongod: never quote its speed.
 */
public final class SecantusServer implements AutoCloseable {

  static final String VERSION = "0.7.0b3";
  private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

  private final Process process;
  private final int port;
  private final Thread stopAtExit;

  private SecantusServer(Process process, int port) {
    this.process = process;
    this.port = port;
    this.stopAtExit = new Thread(this::stop, "stop-secantusdb");
    Runtime.getRuntime().addShutdownHook(stopAtExit);
  }

  /**
   * Starts a server, installing SecantusDB first if needed; skips the caller's tests if it can't.
   */
  public static SecantusServer start() {
    Path executable = installed();
    int port = freePort();
    Path log = Path.of("target", "secantusdb-" + port + ".log").toAbsolutePath();
    Process process;
    try {
      Files.createDirectories(log.getParent());
      process =
          new ProcessBuilder(
                  executable.toString(),
                  "--host",
                  "127.0.0.1",
                  "--port",
                  Integer.toString(port),
                  "--storage-path",
                  ":memory:")
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    var server = new SecantusServer(process, port);
    server.awaitListening(log);
    return server;
  }

  public String uri() {
    return "mongodb://127.0.0.1:" + port;
  }

  @Override
  public void close() {
    stop();
    try {
      Runtime.getRuntime().removeShutdownHook(stopAtExit);
    } catch (IllegalStateException e) {
      // the JVM is already exiting; the hook stops it
    }
  }

  private void stop() {
    process.destroy();
    try {
      if (!process.waitFor(15, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(15, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  private void awaitListening(Path log) {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException("SecantusDB exited at start; see " + log);
      }
      try (var socket = new Socket()) {
        socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
        return;
      } catch (IOException notYet) {
        sleep(200);
      }
    }
    stop();
    throw new IllegalStateException(
        "SecantusDB did not listen within " + START_TIMEOUT + "; " + log);
  }

  private static synchronized Path installed() {
    String configured = System.getenv("DUGOUT_SECANTUS_VENV");
    Path venv =
        configured != null
            ? Path.of(configured)
            : Path.of(System.getProperty("user.home"), ".cache", "dugout", "secantus-" + VERSION);
    Path executable = venv.resolve("bin").resolve("secantusd-py");
    if (Files.isExecutable(executable)) {
      return executable;
    }
    try {
      run(List.of("python3", "-m", "venv", venv.toString()));
      run(
          List.of(
              venv.resolve("bin").resolve("pip").toString(),
              "install",
              "-q",
              "--pre",
              "SecantusDB==" + VERSION));
    } catch (IOException | IllegalStateException e) {
      Assumptions.abort(
          "SecantusDB "
              + VERSION
              + " could not be installed into "
              + venv
              + " (needs python3 with venv and PyPI): "
              + e.getMessage());
    }
    Assumptions.assumeTrue(Files.isExecutable(executable), "SecantusDB installed no " + executable);
    return executable;
  }

  private static void run(List<String> command) throws IOException {
    Path output = Files.createTempFile("secantus-install-", ".log");
    var process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    try {
      if (!process.waitFor(10, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        throw new IllegalStateException(String.join(" ", command) + " timed out");
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
    if (process.exitValue() != 0) {
      throw new IllegalStateException(
          String.join(" ", command) + " failed: " + Files.readString(output).strip());
    }
  }

  private static int freePort() {
    try (var socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
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
