package io.dugout.cluster.faults;

import io.dugout.cluster.kafka.TestCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** What a node process wrote to its log file, as an operator would read it. */
record NodeLog(Path file) {

  private static final Pattern DIGITS = Pattern.compile("\\d+");
  private static final Pattern SEQUENCING =
      Pattern.compile("(No longer s|S)equencing partitions \\[([0-9, ]*)\\]");

  /** Its log events: lines with a time (a start's configuration dump is many lines of one). */
  List<String> events() throws IOException {
    return Files.readAllLines(file).stream().filter(l -> l.startsWith("20")).toList();
  }

  /** Events (numbers aside, and past the time, pid and thread) logged more than {@code times}. */
  Set<String> repeatedMoreThan(long times) throws IOException {
    Map<String, Long> kinds =
        events().stream()
            .map(line -> line.length() > 60 ? line.substring(60) : line)
            .map(line -> DIGITS.matcher(line).replaceAll("#"))
            .collect(Collectors.groupingBy(line -> line, Collectors.counting()));
    return kinds.entrySet().stream()
        .filter(e -> e.getValue() > times)
        .map(Map.Entry::getKey)
        .collect(Collectors.toSet());
  }

  /**
   * Whether the node's last line about the room's partition since its last start says it sequences
   * it.
   */
  boolean sequences(String roomId) throws IOException {
    String partition = Integer.toString(TestCluster.partitionOf(roomId));
    boolean owns = false;
    for (String line : Files.readAllLines(file)) {
      var m = SEQUENCING.matcher(line);
      if (m.find()) {
        if (Arrays.asList(m.group(2).split(",\\s*")).contains(partition)) {
          owns = m.group(1).equals("S");
        }
      } else if (line.contains("Starting DugoutApplication")) {
        owns = false;
      }
    }
    return owns;
  }
}
