package io.dugout.loadtest.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes {@code result.json} and a self-contained {@code report.html} (data inlined, charts drawn
 * by inline script on a canvas, nothing fetched from the network).
 */
public final class ReportWriter {

  private static final JsonMapper JSON =
      JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

  private ReportWriter() {}

  /** Writes both files into {@code dir} (created if needed) and returns the JSON file. */
  public static Path write(RunResult result, Path dir) {
    try {
      Files.createDirectories(dir);
      String json = JSON.writeValueAsString(result);
      Path jsonFile = dir.resolve("result.json");
      Files.writeString(jsonFile, json);
      String html =
          template()
              .replace("/*RESULT*/null", json.replace("</", "<\\/"))
              .replace("{{TITLE}}", "Dugout load test — " + result.scenario());
      Files.writeString(dir.resolve("report.html"), html);
      return jsonFile;
    } catch (IOException ex) {
      throw new UncheckedIOException("cannot write the report to " + dir, ex);
    }
  }

  private static String template() throws IOException {
    try (InputStream in = ReportWriter.class.getResourceAsStream("report.html")) {
      if (in == null) {
        throw new IOException("report.html template missing from the jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
