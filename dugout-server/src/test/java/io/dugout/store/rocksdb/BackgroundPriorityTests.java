package io.dugout.store.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.Applications;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.FlushOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;

/**
 * {@code dugout.store.background-priority}: RocksDB's flushes and compactions at the lowest CPU
 * priority, read from the kernel's view of the threads that ran them.
 */
class BackgroundPriorityTests {

  @TempDir Path dir;

  @Test
  void flushesAndCompactionsRunAtNiceNineteenOnceLowered() throws Exception {
    RocksDbStorage.lowerBackgroundPriority();

    try (var options = new Options().setCreateIfMissing(true);
        var db = RocksDB.open(options, dir.toString());
        var flush = new FlushOptions().setWaitForFlush(true)) {
      for (int file = 0; file < 2; file++) {
        db.put(("key-" + file).getBytes(StandardCharsets.UTF_8), new byte[100]);
        db.flush(flush);
      }
      db.compactRange();
    }

    // why: each pool thread takes the priority when it starts a job; the threads that ran the
    // flushes and the compaction just now all did
    assertThat(nicesOf("rocksdb:high")).isNotEmpty().contains(19);
    assertThat(nicesOf("rocksdb:low")).isNotEmpty().contains(19);
  }

  @Test
  void refusesAnUnknownPriorityNamingTheSetting() {
    assertThatThrownBy(
            () -> Applications.start(dir, "--dugout.store.background-priority=idle").close())
        .hasStackTraceContaining("dugout.store.background-priority");
  }

  /** The nice value of each of this process's threads named {@code name}. */
  private static List<Integer> nicesOf(String name) throws IOException {
    var nices = new ArrayList<Integer>();
    try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
      for (Path task : tasks.toList()) {
        String stat;
        try {
          stat = Files.readString(task.resolve("stat"));
        } catch (IOException gone) {
          continue; // why: the thread ended while the list was read
        }
        int close = stat.lastIndexOf(')');
        if (stat.substring(stat.indexOf('(') + 1, close).equals(name)) {
          // after the name: the state is field 3 of proc(5), the nice value field 19
          nices.add(Integer.parseInt(stat.substring(close + 2).split(" ")[16]));
        }
      }
    }
    return nices;
  }
}
