package io.dugout.client;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The compiled client library, built once per version of its sources: {@code npm ci} and {@code
 * tsc} in a copy of {@code clients/js}, kept under {@code ~/.cache/dugout/client-js/<hash>} where
 * the hash covers the lockfile, the sources and the tests. Needs {@code node} and {@code npm} on
 * the PATH (CI installs both); fails rather than skips without them.
 */
final class JsClientBuild {

  private static final List<String> INPUTS =
      List.of("package.json", "package-lock.json", "tsconfig.json", "src", "test", "integration");

  private JsClientBuild() {}

  /** The directory holding {@code dist/}, {@code node_modules/} and {@code integration/}. */
  static synchronized Path built() throws IOException, InterruptedException {
    Path sources = sources();
    Path target =
        Path.of(System.getProperty("user.home"), ".cache", "dugout", "client-js", hash(sources));
    if (Files.isRegularFile(target.resolve("dist/index.js"))) {
      return target;
    }
    Path work = Files.createTempDirectory(mkdirs(target.getParent()), "build-");
    for (String input : INPUTS) {
      copy(sources.resolve(input), work.resolve(input));
    }
    run(work, "npm", "ci", "--no-audit", "--no-fund");
    run(work, "npx", "tsc", "-p", "tsconfig.json");
    try {
      Files.move(work, target);
    } catch (IOException raced) {
      // why: another JVM built the same sources first; its copy is as good as ours
      if (!Files.isRegularFile(target.resolve("dist/index.js"))) {
        throw raced;
      }
    }
    return target;
  }

  private static Path sources() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("clients/js");
      if (Files.isRegularFile(candidate.resolve("package-lock.json"))) {
        return candidate;
      }
    }
    throw new IllegalStateException("clients/js not found above " + Path.of("").toAbsolutePath());
  }

  private static String hash(Path sources) throws IOException {
    try {
      var digest = MessageDigest.getInstance("SHA-256");
      for (String input : INPUTS) {
        try (Stream<Path> files = Files.walk(sources.resolve(input))) {
          for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
            digest.update(sources.relativize(file).toString().getBytes(StandardCharsets.UTF_8));
            digest.update(Files.readAllBytes(file));
          }
        }
      }
      return HexFormat.of().formatHex(digest.digest()).substring(0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Path mkdirs(Path dir) throws IOException {
    return Files.createDirectories(dir);
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path file : files.toList()) {
        Path target = to.resolve(from.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(target);
        } else {
          Files.createDirectories(target.getParent());
          Files.copy(file, target);
        }
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private static void run(Path dir, String... command) throws IOException, InterruptedException {
    var process =
        new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    byte[] output = process.getInputStream().readAllBytes();
    if (!process.waitFor(5, TimeUnit.MINUTES) || process.exitValue() != 0) {
      throw new IllegalStateException(
          String.join(" ", command)
              + " failed in "
              + dir
              + ":\n"
              + new String(output, StandardCharsets.UTF_8));
    }
  }
}
