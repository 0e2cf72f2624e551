package io.dugout;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * Helm and the chart's checker ({@code deploy/helm/check}), built with Go from the versions that
 * module's {@code go.mod} and {@code go.sum} pin, nothing downloaded but Go modules. Built once per
 * content of that folder into {@code ~/.cache/dugout/helm-HASH} (or {@code DUGOUT_HELM_CACHE}). Go
 * is {@code DUGOUT_GO}, else {@code /usr/local/go/bin/go}, else {@code go} on the PATH; without one
 * the caller's tests are skipped, saying why, except under CI, where they fail.
 */
final class HelmTools {

  private static final Duration BUILD_TIMEOUT = Duration.ofMinutes(30);
  private static final String RECIPE = "helm stamps v1";
  private static HelmTools built;

  final Path root;
  final Path helm;
  final Path check;

  private HelmTools(Path root, Path helm, Path check) {
    this.root = root;
    this.helm = helm;
    this.check = check;
  }

  /** The repository's root, Helm and the checker, built on first use. */
  static synchronized HelmTools get() {
    if (built == null) {
      built = build();
    }
    return built;
  }

  /** A finished command: its exit code, its standard output, and both streams together. */
  record Run(int exit, String stdout, String stderr) {
    String output() {
      return stdout + stderr;
    }
  }

  /** Runs a command in the repository's root and waits for it (at most the build timeout). */
  Run run(List<String> command) {
    return run(command, root);
  }

  private static Run run(List<String> command, Path dir) {
    Path errors = null;
    try {
      errors = Files.createTempFile("dugout-helm-", ".err");
      Process process =
          new ProcessBuilder(command)
              .directory(dir.toFile())
              .redirectError(errors.toFile())
              .start();
      process.getOutputStream().close();
      // why: read before waiting, so that a chatty command never blocks on a full pipe
      String stdout = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(BUILD_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException(command + " did not finish within " + BUILD_TIMEOUT);
      }
      return new Run(process.exitValue(), stdout, Files.readString(errors));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } finally {
      if (errors != null) {
        errors.toFile().delete();
      }
    }
  }

  private static HelmTools build() {
    Path root = Path.of("").toAbsolutePath();
    while (root != null && !Files.isDirectory(root.resolve("deploy/helm/dugout"))) {
      root = root.getParent();
    }
    if (root == null) {
      throw new IllegalStateException("deploy/helm/dugout not found above the working directory");
    }
    Path module = root.resolve("deploy/helm/check");
    String configured = System.getenv("DUGOUT_HELM_CACHE");
    Path cache =
        configured != null
            ? Path.of(configured)
            : Path.of(System.getProperty("user.home"), ".cache", "dugout", "helm-" + hash(module));
    Path helm = cache.resolve("helm");
    Path check = cache.resolve("check");
    if (!Files.isExecutable(helm) || !Files.isExecutable(check)) {
      String go = go();
      try {
        Files.createDirectories(cache);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      build(go, module, helm, "helm.sh/helm/v3/cmd/helm", helmStamps(module));
      build(go, module, check, ".", List.of());
    }
    return new HelmTools(root, helm, check);
  }

  /** Builds into a file beside the target and moves it in whole, so no tool is ever half there. */
  private static void build(String go, Path module, Path target, String pkg, List<String> stamps) {
    Path output = target.resolveSibling(target.getFileName() + ".partial");
    var command = new ArrayList<String>();
    if (Files.isExecutable(Path.of("/usr/bin/nice"))) {
      // why: a cold build compiles Helm's dependencies; the test suite runs beside it
      command.add("/usr/bin/nice");
    }
    command.addAll(List.of(go, "build", "-buildvcs=false"));
    if (!stamps.isEmpty()) {
      command.add("-ldflags=" + String.join(" ", stamps));
    }
    command.addAll(List.of("-o", output.toString(), pkg));
    Run run = run(command, module);
    if (run.exit() != 0) {
      throw new IllegalStateException(
          "could not build " + pkg + " with " + go + ":\n" + run.output());
    }
    try {
      Files.move(
          output, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * What Helm's own release build stamps into the binary: its version, and the Kubernetes version
   * it assumes without a cluster (from its client-go, as Helm's Makefile derives it), without which
   * a source build says 1.20 and refuses the chart's {@code kubeVersion}.
   */
  private static List<String> helmStamps(Path module) {
    try {
      String mod = Files.readString(module.resolve("go.mod"));
      String helm = version(mod, "helm.sh/helm/v3");
      String[] clientGo = version(mod, "k8s.io/client-go").substring(1).split("\\.");
      String major = Integer.toString(Integer.parseInt(clientGo[0]) + 1);
      String minor = clientGo[1];
      var stamps = new ArrayList<>(List.of("-X helm.sh/helm/v3/internal/version.version=" + helm));
      for (String pkg : List.of("pkg/chartutil", "pkg/lint/rules")) {
        stamps.add("-X helm.sh/helm/v3/" + pkg + ".k8sVersionMajor=" + major);
        stamps.add("-X helm.sh/helm/v3/" + pkg + ".k8sVersionMinor=" + minor);
      }
      return stamps;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String version(String goMod, String module) {
    Matcher m = Pattern.compile("(?m)^\\s*" + Pattern.quote(module) + " (v\\S+)").matcher(goMod);
    if (!m.find()) {
      throw new IllegalStateException(module + " is not in deploy/helm/check/go.mod");
    }
    return m.group(1);
  }

  private static String go() {
    var candidates = new ArrayList<String>();
    if (System.getenv("DUGOUT_GO") != null) {
      candidates.add(System.getenv("DUGOUT_GO"));
    }
    candidates.add("/usr/local/go/bin/go");
    candidates.add("go");
    for (String go : candidates) {
      try {
        if (run(List.of(go, "version"), Path.of("").toAbsolutePath()).exit() == 0) {
          return go;
        }
      } catch (UncheckedIOException notThere) {
        // the next one
      }
    }
    String why =
        "no Go toolchain (DUGOUT_GO, /usr/local/go/bin/go or go on the PATH) to build Helm and the"
            + " chart's checker with; .ci/run installs one";
    if (System.getenv("CI") != null) {
      throw new IllegalStateException(why);
    }
    Assumptions.abort(why);
    return null;
  }

  /** The checker module's content: its go.mod, go.sum and sources name what gets built. */
  private static String hash(Path module) {
    try (Stream<Path> files = Files.list(module)) {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      // why: a change to how they are built (the stamps above) must build them again too
      digest.update(RECIPE.getBytes(StandardCharsets.UTF_8));
      for (Path file :
          files
              .filter(f -> f.getFileName().toString().matches("go\\.(mod|sum)|.*\\.go"))
              .sorted()
              .toList()) {
        digest.update(file.getFileName().toString().getBytes(StandardCharsets.UTF_8));
        digest.update(Files.readAllBytes(file));
      }
      return HexFormat.of().formatHex(digest.digest(), 0, 6);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
