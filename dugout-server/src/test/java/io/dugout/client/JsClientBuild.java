package io.dugout.client;

import io.dugout.NodeProject;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The compiled client library, built once per version of its sources: {@code npm ci} and {@code
 * tsc} in a copy of {@code clients/js}, kept under {@code ~/.cache/dugout/client-js/<hash>} where
 * the hash covers the lockfile, the sources and the tests ({@link NodeProject}).
 */
final class JsClientBuild {

  private static final List<String> INPUTS =
      List.of("package.json", "package-lock.json", "tsconfig.json", "src", "test", "integration");

  private JsClientBuild() {}

  /** The directory holding {@code dist/}, {@code node_modules/} and {@code integration/}. */
  static Path built() throws IOException, InterruptedException {
    return NodeProject.installed(
        "client-js",
        NodeProject.inRepository("clients/js"),
        INPUTS,
        List.of(
            List.of("npm", "ci", "--no-audit", "--no-fund"),
            List.of("npx", "tsc", "-p", "tsconfig.json")));
  }
}
