package io.dugout.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.ServerProcess;
import io.dugout.TempDirs;
import io.dugout.api.Jwts;
import io.dugout.auth.Caller;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Schemathesis generates requests from the OpenAPI document, valid and invalid ones, sends them to
 * a running embedded server with a service token, and checks every answer: never a 5xx, and status,
 * content type, headers and body as the document describes them.
 *
 * <p>Bounded: {@link #MAX_EXAMPLES} inputs per operation and {@link #BUDGET} for the whole run (it
 * takes about two minutes here). Schemathesis comes from a Python venv ({@code
 * ~/.cache/dugout/schemathesis-VERSION}, or {@code DUGOUT_SCHEMATHESIS_VENV}) that {@code .ci/run}
 * installs; without it the test is skipped, except under CI, where it fails.
 */
class SchemathesisTests {

  static final String VERSION = "4.32.5";
  private static final int MAX_EXAMPLES = 25;
  private static final Duration BUDGET = Duration.ofSeconds(100);

  @Test
  void noGeneratedRequestGetsA5xxAndEveryAnswerMatchesTheDocument() throws Exception {
    Path st = installed();
    Path dataDir = TempDirs.deletedAtExit("dugout-schemathesis-");
    Path reports = Path.of("target", "schemathesis").toAbsolutePath();
    Files.createDirectories(reports);
    Path log = reports.resolve("st.log");
    try (var server = ServerProcess.start(dataDir)) {
      String token =
          Jwts.hs256(
              Jwts.devSecret(dataDir),
              "schemathesis",
              Caller.SERVICE_SCOPE,
              Instant.now().plus(Duration.ofHours(1)));
      String base = "http://127.0.0.1:" + server.port();
      var command =
          List.of(
              st.toString(),
              "run",
              base + "/api/v1/openapi.json",
              "--url",
              base,
              "--header",
              "Authorization: Bearer " + token,
              "--checks",
              "not_a_server_error,status_code_conformance,content_type_conformance,"
                  + "response_headers_conformance,response_schema_conformance",
              "--phases",
              "examples,coverage,fuzzing",
              "--max-examples",
              Integer.toString(MAX_EXAMPLES),
              "--max-time",
              Long.toString(BUDGET.toSeconds()),
              "--seed",
              "63",
              "--workers",
              "2",
              "--request-timeout",
              "10",
              "--generation-database",
              "none",
              "--no-color",
              "--report",
              "junit",
              "--report-dir",
              reports.toString());
      var process =
          new ProcessBuilder(command)
              .directory(reports.toFile())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      boolean finished = process.waitFor(BUDGET.toSeconds() + 60, TimeUnit.SECONDS);
      if (!finished) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }

      assertThat(finished).as("st run ended within its budget; see %s", log).isTrue();
      assertThat(process.exitValue())
          .as("st run found failures; its report:\n%s", tail(log, 80))
          .isZero();
      assertThat(server.isAlive()).isTrue();
    }
  }

  private static Path installed() {
    String configured = System.getenv("DUGOUT_SCHEMATHESIS_VENV");
    Path venv =
        configured != null
            ? Path.of(configured)
            : Path.of(
                System.getProperty("user.home"), ".cache", "dugout", "schemathesis-" + VERSION);
    Path st = venv.resolve("bin").resolve("st");
    if (!Files.isExecutable(st) && System.getenv("CI") == null) {
      Assumptions.abort("Schemathesis is not installed in " + venv + "; .ci/run installs it");
    }
    assertThat(st).as("Schemathesis %s, installed by .ci/run", VERSION).isExecutable();
    return st;
  }

  private static String tail(Path log, int lines) throws IOException {
    var all = Files.readAllLines(log);
    return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
  }
}
