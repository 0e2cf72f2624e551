package io.dugout;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.boot.SpringApplication;
import org.springframework.util.FileSystemUtils;

/**
 * Temporary directories for servers that may run until the test JVM ends (a Spring context in the
 * test context cache, a cluster node, a shared redis-server).
 */
public final class TempDirs {

  private TempDirs() {}

  /**
   * A new directory in the system's temporary directory, deleted with everything in it when the JVM
   * exits. why: Spring Boot runs its shutdown handlers only after it has closed every application
   * context, so RocksDB has closed its files before they go; JUnit's {@code @TempDir} would delete
   * them after the test class, while the cached context still uses them.
   */
  public static Path deletedAtExit(String prefix) {
    try {
      Path dir = Files.createTempDirectory(prefix);
      SpringApplication.getShutdownHandlers().add(() -> delete(dir));
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void delete(Path dir) {
    try {
      FileSystemUtils.deleteRecursively(dir);
    } catch (IOException e) {
      // why: best effort while the JVM exits; what is left stays in the temporary directory
    }
  }
}
