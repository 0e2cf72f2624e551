package io.dugout.importer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The import contract on the embedded store, and the command around it. */
class RocksDbImportTests extends ImportContract {

  @Override
  String[] storeSettings() {
    return new String[] {"--dugout.data-dir=" + dir.resolve("data")};
  }

  @Test
  void refusesADataDirectoryThatARunningServerHolds() throws IOException {
    var file = file("{\"type\":\"member\",\"roomId\":\"r\",\"userId\":\"u\"}\n");
    var err = new ByteArrayOutputStream();

    int status =
        ImportCommand.run(
            new String[] {file.toString(), "--data-dir", dir.resolve("data").toString()},
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));

    assertThat(status).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("the data directory is in use: a Dugout server");
  }

  @Test
  void commandImportsAFileAndPrintsTheSummary() throws IOException {
    var file =
        file(
            """
            {"type":"room","id":"r1","kind":"GROUP","createdAt":"2024-01-01T00:00:00Z"}
            {"type":"member","roomId":"r1","userId":"ann"}
            {"type":"message","roomId":"r1","id":"1","senderId":"ann","text":"hi","createdAt":"2024-01-01T00:01:00Z"}
            {"type":"message","roomId":"r1","id":"2","senderId":"ann","text":"","createdAt":"2024-01-01T00:02:00Z"}
            """);
    var out = new ByteArrayOutputStream();
    String[] args = {file.toString(), "--data-dir", dir.resolve("other").toString()};

    int status =
        ImportCommand.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

    assertThat(status).isEqualTo(3);
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("rooms 1 imported, 0 already present")
        .contains("messages 1 imported, 0 already present")
        .contains("1 lines rejected")
        .contains("rejected line 4: text is empty");
  }

  @Test
  void commandRefusesToRunWithoutAFile() {
    var err = new ByteArrayOutputStream();
    int status =
        ImportCommand.run(
            new String[] {"--data-dir", "x"},
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    assertThat(status).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("usage: ./dugout import FILE");
  }
}
