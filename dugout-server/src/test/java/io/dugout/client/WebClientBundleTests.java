package io.dugout.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The web page's copy of the client library ({@code static/lib/dugout-client.js}) is committed so
 * that the server runs with only a JDK; this holds it to its sources: rebuilt from {@code
 * clients/js} with the locked esbuild, it must come out byte for byte the same.
 */
class WebClientBundleTests {

  private static final String COMMITTED =
      "dugout-server/src/main/resources/static/lib/dugout-client.js";

  @Test
  void committedBundleMatchesTheLibrarysSources() throws Exception {
    Path rebuilt = JsClientBuild.built().resolve(JsClientBuild.BUNDLE);
    Path committed = JsClientBuild.sources().resolve("../..").resolve(COMMITTED).normalize();

    long mismatch = Files.mismatch(committed, rebuilt);

    assertThat(mismatch)
        .as(
            "%s differs from its sources at line %d; refresh it with:"
                + " cd clients/js && npm ci && npm run bundle",
            COMMITTED, lineAt(committed, mismatch))
        .isEqualTo(-1L);
  }

  private static long lineAt(Path file, long offset) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    long line = 1;
    for (int i = 0; i < Math.min(offset, bytes.length); i++) {
      if (bytes[i] == '\n') {
        line++;
      }
    }
    return line;
  }
}
