package io.dugout;

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
 * A Node project of this repository, installed once per version of its inputs: the inputs are
 * copied into {@code ~/.cache/dugout/<name>/<hash>}, where the hash covers their paths and bytes,
 * and the given commands ({@code npm ci}, a compiler…) run there. The directory appears whole or
 * not at all, so a failed or concurrent install never leaves a half-built copy in use. Needs {@code
 * node} and {@code npm} on the PATH (CI installs both); fails rather than skips without them.
 */
public final class NodeProject {

  private NodeProject() {}

  /** The installed copy of {@code sources}' {@code inputs}, after {@code commands} ran in it. */
  public static synchronized Path installed(
      String name, Path sources, List<String> inputs, List<List<String>> commands)
      throws IOException, InterruptedException {
    Path target =
        Path.of(System.getProperty("user.home"), ".cache", "dugout", name, hash(sources, inputs));
    if (Files.isDirectory(target)) {
      return target;
    }
    Path work = Files.createTempDirectory(Files.createDirectories(target.getParent()), "build-");
    for (String input : inputs) {
      copy(sources.resolve(input), work.resolve(input));
    }
    for (List<String> command : commands) {
      run(work, command);
    }
    try {
      Files.move(work, target);
    } catch (IOException raced) {
      // why: another JVM installed the same inputs first; its copy is as good as ours
      if (!Files.isDirectory(target)) {
        throw raced;
      }
    }
    return target;
  }

  /** {@code relative} in the first directory above the working directory that holds it. */
  public static Path inRepository(String relative) {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve(relative);
      if (Files.exists(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException(relative + " not found above " + Path.of("").toAbsolutePath());
  }

  private static String hash(Path sources, List<String> inputs) throws IOException {
    try {
      var digest = MessageDigest.getInstance("SHA-256");
      for (String input : inputs) {
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

  private static void run(Path dir, List<String> command) throws IOException, InterruptedException {
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
