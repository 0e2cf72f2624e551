package io.dugout.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.loadtest.cli.Options;
import io.dugout.loadtest.cli.UsageException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class UploadCommandTests {

  private final Commands.Entry upload = Commands.all().get("upload");

  @Test
  void defaultsAreFourClientsOfAHundredRoundsOfA200KilobyteJpeg() {
    Options options = upload.command().parse(new String[0]);

    assertThat(options.integer("clients")).isEqualTo(4);
    assertThat(options.integer("requests")).isEqualTo(100);
    assertThat(options.duration("duration")).isEqualTo(Duration.ofSeconds(60));
    assertThat(options.string("size")).isEqualTo("200KB");
    assertThat(options.string("file-kind")).isEqualTo("image");
    assertThat(options.decimal("thumbnail-share")).isEqualTo(1);
    assertThat(options.decimal("plain-share")).isEqualTo(1);
    assertThat(options.integer("warm-up-requests")).isZero();
  }

  @Test
  void acceptsEveryUploadOptionAndTheCommonOnes() {
    Options options =
        upload
            .command()
            .parse(
                new String[] {
                  "--clients",
                  "8",
                  "--requests=500",
                  "--size",
                  "2MB",
                  "--file-kind",
                  "file",
                  "--thumbnail-share",
                  "0.5",
                  "--plain-share",
                  "0.25",
                  "--timeout",
                  "5s",
                  "--url",
                  "http://127.0.0.1:9"
                });

    assertThat(options.integer("clients")).isEqualTo(8);
    assertThat(options.integer("requests")).isEqualTo(500);
    assertThat(options.string("size")).isEqualTo("2MB");
    assertThat(options.string("file-kind")).isEqualTo("file");
    assertThat(options.decimal("thumbnail-share")).isEqualTo(0.5);
    assertThat(options.decimal("plain-share")).isEqualTo(0.25);
    assertThat(options.duration("timeout")).isEqualTo(Duration.ofSeconds(5));
  }

  @Test
  void anUnknownOptionIsAUsageError() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> upload.command().parse(new String[] {"--rate", "10"}))
        .isInstanceOf(UsageException.class)
        .hasMessageContaining("--rate");
  }

  @Test
  void helpListsTheOptionsWithTheirDefaultsAndTheMainListNamesTheScenario() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);

    assertThat(Main.run(new String[] {"upload", "--help"}, print, print)).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("--size BYTES")
        .contains("(default 200KB)")
        .contains("--thumbnail-share P")
        .contains("--plain-share P");
    out.reset();
    assertThat(Main.run(new String[] {"--help"}, print, print)).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("upload ");
  }
}
