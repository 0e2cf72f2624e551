package io.dugout;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The repository's Markdown reads as written: no half-resolved merge left in it. */
class DocsTests {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @Test
  void noMarkdownFileHoldsMergeConflictMarkers() throws IOException {
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(ROOT)) {
      for (Path file :
          files
              .filter(p -> p.toString().endsWith(".md"))
              .filter(p -> !p.toString().contains("node_modules"))
              .filter(p -> !p.toString().contains("/target/"))
              .filter(p -> !p.toString().contains("/.git/"))
              .toList()) {
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
          String line = lines.get(i);
          if (line.startsWith("<<<<<<< ") || line.startsWith(">>>>>>> ")) {
            found.add(ROOT.relativize(file) + ":" + (i + 1) + ": " + line);
          }
        }
      }
    }
    assertThat(ROOT.resolve("README.md")).exists();
    assertThat(found).as("merge conflict markers").isEmpty();
  }
}
