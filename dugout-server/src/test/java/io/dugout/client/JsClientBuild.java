package io.dugout.client;

import io.dugout.NodeProject;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The compiled client library, built once per version of its sources: {@code npm ci}, {@code tsc}
 * and the web page's bundle ({@code bundle.mjs}, esbuild) in a copy of {@code clients/js}, kept
 * under {@code ~/.cache/dugout/client-js/<hash>} where the hash covers the lockfile, the sources
 * and the tests ({@link NodeProject}).
 */
final class JsClientBuild {

  private static final List<String> INPUTS =
      List.of(
          "package.json",
          "package-lock.json",
          "tsconfig.json",
          "bundle.mjs",
          "src",
          "test",
          "integration",
          "examples");

  /** Where {@link #built()} puts the web page's bundle, made from the same sources. */
  static final String BUNDLE = "bundle/dugout-client.js";

  private JsClientBuild() {}

  /** The directory holding {@code dist/}, {@code node_modules/}, the bundle and the tests. */
  static Path built() throws IOException, InterruptedException {
    return NodeProject.installed(
        "client-js",
        sources(),
        INPUTS,
        List.of(
            List.of("npm", "ci", "--no-audit", "--no-fund"),
            List.of("npx", "tsc", "-p", "tsconfig.json"),
            List.of("node", "bundle.mjs", BUNDLE)));
  }

  /** The library's sources, {@code clients/js} of this checkout. */
  static Path sources() {
    return NodeProject.inRepository("clients/js");
  }
}
