package io.dugout.cluster.kafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * A real Kafka broker (KRaft, one combined broker and controller, from the Kafka jars on the class
 * path) as a process of its own, so that it can be killed and started again on the same ports and
 * log dir — what the in-JVM test broker cannot do. Used by {@code ./dugout cluster-dev} and by the
 * tests of a broker restart.
 */
public final class KafkaProcess implements AutoCloseable {

  private static final Duration STARTUP = Duration.ofSeconds(120);

  private final Path dir;
  private final Path config;
  private final int port;
  private Process process;
  private int starts;

  private KafkaProcess(Path dir, Path config, int port) {
    this.dir = dir;
    this.config = config;
    this.port = port;
  }

  /**
   * Formats a log dir in {@code dir} and starts a broker on free loopback ports, with these broker
   * settings added (e.g. shorter group session timeouts); waits until it serves.
   */
  public static KafkaProcess start(Path dir, Map<String, String> brokerSettings) {
    try {
      Files.createDirectories(dir);
      int broker = freePort();
      int controller = freePort();
      var lines = new ArrayList<String>();
      lines.addAll(
          List.of(
              "process.roles=broker,controller",
              "node.id=1",
              "controller.quorum.bootstrap.servers=127.0.0.1:" + controller,
              "listeners=PLAINTEXT://127.0.0.1:" + broker + ",CONTROLLER://127.0.0.1:" + controller,
              "advertised.listeners=PLAINTEXT://127.0.0.1:" + broker,
              "controller.listener.names=CONTROLLER",
              "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
              "log.dirs=" + dir.resolve("data"),
              "offsets.topic.replication.factor=1",
              "transaction.state.log.replication.factor=1",
              "transaction.state.log.min.isr=1",
              "group.initial.rebalance.delay.ms=0"));
      brokerSettings.forEach((key, value) -> lines.add(key + "=" + value));
      Path config = dir.resolve("kafka.properties");
      Files.writeString(config, String.join("\n", lines) + "\n");
      var kafka = new KafkaProcess(dir, config, broker);
      var format =
          kafka.java(
              "format",
              "kafka.tools.StorageTool",
              "format",
              "-t",
              UUID.randomUUID().toString().replace("-", "").substring(0, 22),
              "-c",
              config.toString(),
              "--standalone");
      if (!format.waitFor(STARTUP.toSeconds(), TimeUnit.SECONDS) || format.exitValue() != 0) {
        throw new IllegalStateException(
            "formatting Kafka's log dir failed; see " + dir.resolve("format.log"));
      }
      kafka.startAgain();
      return kafka;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The bootstrap address, {@code 127.0.0.1:port}; the same across restarts. */
  public String bootstrap() {
    return "127.0.0.1:" + port;
  }

  /** Kills the broker with SIGKILL and waits until it is gone. */
  public void kill() {
    process.destroyForcibly();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException("Kafka did not die within 30 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Starts the broker (again) on the same ports and log dir; waits until it serves. */
  public void startAgain() {
    starts++;
    String name = "kafka-" + starts;
    try {
      process = java(name, "-Xmx512m", "kafka.Kafka", config.toString());
      long deadline = System.nanoTime() + STARTUP.toNanos();
      Path log = dir.resolve(name + ".log");
      while (!Files.readString(log).contains("Kafka Server started")) {
        if (System.nanoTime() > deadline || !process.isAlive()) {
          process.destroyForcibly();
          throw new IllegalStateException("Kafka did not start; see " + log);
        }
        Thread.sleep(100);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Stops the broker gracefully (SIGTERM), killing it after 30 s. */
  @Override
  public void close() {
    if (process == null || !process.isAlive()) {
      return;
    }
    process.destroy();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }

  @Override
  public String toString() {
    return "Kafka at " + bootstrap();
  }

  /** Runs a class of the class path in a JVM of its own, its output in {@code dir/name.log}. */
  private Process java(String name, String... arguments) throws IOException {
    var command = new ArrayList<String>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    var rest = new ArrayList<>(List.of(arguments));
    // why: JVM options first, then the class path, then the main class and its arguments
    while (!rest.isEmpty() && rest.getFirst().startsWith("-X")) {
      command.add(rest.removeFirst());
    }
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.addAll(rest);
    var process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve(name + ".log").toFile())
            .start();
    // why: a test JVM that dies must not leave a broker behind
    Runtime.getRuntime().addShutdownHook(new Thread(process::destroyForcibly, "stop-" + name));
    return process;
  }

  private static int freePort() {
    try (var socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
