package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.NodeProject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code docs/asyncapi.yaml} is valid AsyncAPI: the official parser ({@code @asyncapi/parser},
 * pinned in {@code docs/asyncapi-check}) reads it, with its {@code $ref}s into {@code openapi.json}
 * resolved, and reports no error. Warnings do not fail it (docs/protocol.md says which and why).
 */
class AsyncApiDocTests {

  private static final Path DOCS = NodeProject.inRepository("docs/asyncapi.yaml").getParent();

  @Test
  void asyncApiDocumentPassesTheOfficialParser() throws Exception {
    var check = check(DOCS.resolve("asyncapi.yaml"));

    assertThat(check.exit()).as(check.output()).isZero();
    assertThat(check.output()).contains(": 0 error(s)");
  }

  @Test
  void checkFailsWithTheDiagnosticWhenARefIntoOpenApiDoesNotResolve(@TempDir Path dir)
      throws Exception {
    Files.copy(DOCS.resolve("openapi.json"), dir.resolve("openapi.json"));
    String document = Files.readString(DOCS.resolve("asyncapi.yaml"));
    assertThat(document).contains("openapi.json#/components/schemas/PostMessage");
    Files.writeString(
        dir.resolve("asyncapi.yaml"),
        document.replace(
            "openapi.json#/components/schemas/PostMessage",
            "openapi.json#/components/schemas/NoSuchSchema"));

    var check = check(dir.resolve("asyncapi.yaml"));

    assertThat(check.exit()).as(check.output()).isEqualTo(1);
    assertThat(check.output()).contains("error  invalid-ref").contains("NoSuchSchema");
  }

  @Test
  void checkRefusesARefToAUrlRatherThanFetchingIt(@TempDir Path dir) throws Exception {
    Files.writeString(
        dir.resolve("asyncapi.yaml"),
        Files.readString(DOCS.resolve("asyncapi.yaml"))
            .replace("'openapi.json#", "'http://127.0.0.1:9/openapi.json#"));

    var check = check(dir.resolve("asyncapi.yaml"));

    assertThat(check.exit()).as(check.output()).isEqualTo(1);
    assertThat(check.output()).startsWith("error  remote-ref  http://127.0.0.1:9/openapi.json#");
  }

  private record Check(int exit, String output) {}

  private static Check check(Path document) throws IOException, InterruptedException {
    Path project =
        NodeProject.installed(
            "asyncapi-check",
            DOCS.resolve("asyncapi-check"),
            List.of("package.json", "package-lock.json", "check.mjs"),
            // why: no install script is needed; one dependency's would report telemetry
            List.of(List.of("npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund")));
    Path output = Files.createTempFile("asyncapi-check", ".txt");
    try {
      var process =
          new ProcessBuilder("node", "check.mjs", document.toString())
              .directory(project.toFile())
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .start();
      if (!process.waitFor(2, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        throw new IllegalStateException("the AsyncAPI check did not end within two minutes");
      }
      return new Check(process.exitValue(), Files.readString(output).strip());
    } finally {
      Files.delete(output);
    }
  }
}
