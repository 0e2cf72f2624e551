package io.dugout.cluster.redis;

import io.dugout.TempDirs;
import io.lettuce.core.ClientOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import redis.embedded.RedisServer;

/**
 * A real {@code redis-server} (the binary inside embedded-redis) on a free loopback port, with its
 * files in {@code dir}. Can be stopped and started again on the same port; stopped by {@link
 * #close} or, should the test JVM end first, by a shutdown hook.
 */
public final class RedisProcess implements AutoCloseable {

  private static RedisProcess shared;

  private final Path dir;
  private final int port;
  private final Thread hook = new Thread(this::stop, "stop-redis");
  private RedisServer server;

  private RedisProcess(Path dir, int port) {
    this.dir = dir;
    this.port = port;
  }

  /**
   * One server for the whole test JVM, its files in a temporary directory, started on first use and
   * stopped when the JVM exits. Tests that share it never flush or stop it.
   */
  public static synchronized RedisProcess shared() {
    if (shared == null) {
      shared = start(TempDirs.deletedAtExit("dugout-redis-"));
    }
    return shared;
  }

  public static RedisProcess start(Path dir) {
    var redis = new RedisProcess(dir, freePort());
    Runtime.getRuntime().addShutdownHook(redis.hook);
    redis.startAgain();
    return redis;
  }

  /** Starts the server on its port again; it loads what it last saved with {@code SAVE}. */
  public void startAgain() {
    try {
      server =
          RedisServer.newRedisServer()
              .port(port)
              .bind("127.0.0.1")
              .setting("dir " + dir)
              .setting("save \"\"")
              .setting("appendonly no")
              .build();
      server.start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    awaitPong();
  }

  /** Waits until the server answers PING, so that nobody connects to a server still starting. */
  private void awaitPong() {
    long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
    IOException last = null;
    while (System.nanoTime() < deadline) {
      try (var socket = new Socket("127.0.0.1", port)) {
        socket.setSoTimeout(1000);
        socket.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
        byte[] reply = socket.getInputStream().readNBytes(7);
        if (new String(reply, StandardCharsets.US_ASCII).startsWith("+PONG")) {
          return;
        }
      } catch (IOException e) {
        last = e;
      }
      LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
    }
    throw new IllegalStateException("redis-server on port " + port + " did not answer PING", last);
  }

  /**
   * Kills the server with SIGKILL, as a crash would, and waits until it is gone; {@link
   * #startAgain} starts it on the same port.
   */
  public synchronized void kill() {
    var servers =
        ProcessHandle.current()
            .descendants()
            .filter(p -> commandLine(p).contains("redis-server"))
            .filter(p -> commandLine(p).contains("127.0.0.1:" + port))
            .toList();
    if (servers.isEmpty()) {
      throw new IllegalStateException("no redis-server process on port " + port);
    }
    for (var process : servers) {
      process.destroyForcibly();
      process.onExit().orTimeout(30, java.util.concurrent.TimeUnit.SECONDS).join();
    }
    try {
      server.stop();
    } catch (IOException | RuntimeException e) {
      // why: the process is gone; this only lets go of its handle
    }
  }

  /**
   * A process's command line from Linux's {@code /proc}: redis-server rewrites its own (its process
   * title, {@code 127.0.0.1:port}), which the JDK's view of the process does not show.
   */
  private static String commandLine(ProcessHandle process) {
    try {
      return java.nio.file.Files.readString(Path.of("/proc", process.pid() + "", "cmdline"))
          .replace('\0', ' ');
    } catch (IOException e) {
      return "";
    }
  }

  /** Stops the server; whatever it did not save is gone. */
  public synchronized void stop() {
    try {
      if (server != null && server.isActive()) {
        server.stop();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public String url() {
    return "redis://127.0.0.1:" + port;
  }

  /** A connection as Dugout configures it: short command timeout, no queueing while down. */
  public LettuceConnectionFactory connect(Duration commandTimeout) {
    var client =
        LettuceClientConfiguration.builder()
            .commandTimeout(commandTimeout)
            .clientOptions(
                ClientOptions.builder()
                    .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                    .build())
            .build();
    var factory =
        new LettuceConnectionFactory(new RedisStandaloneConfiguration("127.0.0.1", port), client);
    factory.afterPropertiesSet();
    factory.start();
    return factory;
  }

  public static StringRedisTemplate template(LettuceConnectionFactory factory) {
    var template = new StringRedisTemplate(factory);
    template.afterPropertiesSet();
    return template;
  }

  @Override
  public void close() {
    stop();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // already shutting down: the hook stops the server
    }
  }

  private static int freePort() {
    try (var socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
