package io.dugout.importer;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.message.MessageStore;
import io.dugout.room.RoomStore;
import io.dugout.store.mongo.SecantusServer;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Imports a generated history of {@value #MESSAGES} messages in {@value #ROOMS} rooms, then imports
 * it again, and prints messages/s for both runs (docs/benchmarks.md). Into the embedded store
 * (RocksDB), or with {@code -Ddugout.import.benchmark.store=secantus} into MongoDB's adapters on a
 * SecantusDB server (WiredTiger behind a MongoDB wire protocol in Python) in a process of its own.
 * Too slow for the default suite; run it with {@code -Ddugout.import.benchmark=true}.
 */
@EnabledIfSystemProperty(named = "dugout.import.benchmark", matches = "true")
class ImportBenchmarkTests {

  private static final int MESSAGES = 1_000_000;
  private static final int ROOMS = 1_000;

  @TempDir Path dir;

  @Test
  void importsAMillionMessagesAndThenFindsThemAllPresent() throws IOException {
    Path file = generate(dir.resolve("history.jsonl"));
    boolean secantus = "secantus".equals(System.getProperty("dugout.import.benchmark.store"));
    try (var server = secantus ? SecantusServer.start() : null;
        var context =
            ImportApplication.start(
                secantus
                    ? new String[] {
                      "--dugout.store.type=mongodb",
                      "--spring.mongodb.uri=" + server.uri() + "/importbenchmark"
                    }
                    : new String[] {"--dugout.data-dir=" + dir.resolve("data")})) {
      var rooms = context.getBean(RoomStore.class);
      var messages = context.getBean(MessageStore.class);
      var importer = new Importer(rooms, messages, 4096, Importer.DEFAULT_BATCH, System.out);

      var first = importer.run(file);
      var again = importer.run(file);

      System.out.printf(
          "import benchmark (%s): %d messages in %d rooms: first run %.1f s (reading %.1f s), %.0f"
              + " messages/s; re-run (all present) %.1f s (reading %.1f s), %.0f messages/s%n",
          secantus ? "MongoDB adapters, SecantusDB" : "RocksDB",
          MESSAGES,
          ROOMS,
          first.seconds(),
          first.readSeconds(),
          first.messagesPerSecond(),
          again.seconds(),
          again.readSeconds(),
          again.messagesPerSecond());
      assertThat(first.rejected()).isEmpty();
      assertThat(first.messagesImported()).isEqualTo(MESSAGES);
      assertThat(again.messagesPresent()).isEqualTo(MESSAGES);
      assertThat(again.messagesImported()).isZero();
      int perRoom = MESSAGES / ROOMS;
      for (int room = 0; room < ROOMS; room += 97) {
        assertThat(messages.lastSeq("room-" + room)).isEqualTo(perRoom);
        var newest = messages.before("room-" + room, Long.MAX_VALUE, 1).getFirst();
        assertThat(newest.clientMsgId()).isEqualTo("m" + (MESSAGES - ROOMS + room));
      }
    }
  }

  /**
   * Rooms and members first, then messages in time order across the rooms, as an export has them.
   */
  private static Path generate(Path file) throws IOException {
    var start = Instant.parse("2023-01-01T00:00:00Z");
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (int room = 0; room < ROOMS; room++) {
        out.write(
            "{\"type\":\"room\",\"id\":\"room-%d\",\"kind\":\"GROUP\",\"title\":\"Room %d\",\"createdAt\":\"%s\"}\n"
                .formatted(room, room, start));
        for (int user = 0; user < 3; user++) {
          out.write(
              "{\"type\":\"member\",\"roomId\":\"room-%d\",\"userId\":\"user-%d\"}\n"
                  .formatted(room, room + user));
        }
      }
      for (int i = 0; i < MESSAGES; i++) {
        int room = i % ROOMS;
        out.write(
            "{\"type\":\"message\",\"roomId\":\"room-%d\",\"id\":\"m%d\",\"senderId\":\"user-%d\",\"text\":\"message %d of the generated history\",\"createdAt\":\"%s\"}\n"
                .formatted(room, i, room + i % 3, i, start.plusSeconds(i)));
      }
    }
    return file;
  }
}
