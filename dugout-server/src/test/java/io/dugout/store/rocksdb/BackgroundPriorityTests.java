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
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.FlushOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;

/**
 * {@code dugout.store.background-priority}: RocksDB's flushes and compactions under {@code
 * SCHED_IDLE} or at the lowest nice value, read from the kernel's view of the threads that ran
 * them. RocksDB's thread pools are the process's: once lowered to nice 19 they stay so, and a pool
 * thread sets that itself at the next job it starts, so the test that lowers them runs last.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BackgroundPriorityTests {

  private static final int SCHED_IDLE = 5;

  @TempDir Path dir;

  @Test
  @Order(1)
  void idleRunsFlushesAndCompactionsUnderSchedIdle() throws Exception {
    // why: servers started earlier in this process at the default may have lowered the pools; a
    // pool thread sets that priority at its next job, so jobs run first, as in a server that
    // never lowered them
    flushTwiceAndCompact(dir.resolve("before"));
    try (var app =
        Applications.start(dir.resolve("server"), "--dugout.store.background-priority=idle")) {
      assertThat(app.isActive()).isTrue();
    }

    flushTwiceAndCompact(dir.resolve("after"));

    // why: the server put the pools' threads under the policy; a job must not have undone it
    assertThat(policiesOf("rocksdb:high")).isNotEmpty().containsOnly(SCHED_IDLE);
    assertThat(policiesOf("rocksdb:low")).isNotEmpty().containsOnly(SCHED_IDLE);
  }

  @Test
  @Order(2)
  void saysWhyWhenThePolicyCannotBeSet() throws Exception {
    try (var options = new Options().setCreateIfMissing(true);
        var db = RocksDB.open(options, dir.toString())) {
      assertThat(IdleScheduling.applyToPools(dir.resolve("no-chrt").toString()))
          .startsWith("cannot run " + dir.resolve("no-chrt"));
      assertThat(IdleScheduling.applyToPools("false"))
          .startsWith("false --idle --pid 0 ")
          .contains("failed (1)");
    }
  }

  @Test
  @Order(3)
  void refusesAnUnknownPriorityNamingTheSetting() {
    assertThatThrownBy(
            () -> Applications.start(dir, "--dugout.store.background-priority=lowest").close())
        .hasStackTraceContaining("dugout.store.background-priority");
  }

  @Test
  @Order(4)
  void flushesAndCompactionsRunAtNiceNineteenOnceLowered() throws Exception {
    RocksDbStorage.lowerBackgroundPriority();

    flushTwiceAndCompact(dir);

    // why: each pool thread takes the priority when it starts a job; the threads that ran the
    // flushes and the compaction just now all did
    assertThat(nicesOf("rocksdb:high")).isNotEmpty().contains(19);
    assertThat(nicesOf("rocksdb:low")).isNotEmpty().contains(19);
  }

  /** Two flushes and a compaction of a database of its own, on the process's pools. */
  private static void flushTwiceAndCompact(Path dir) throws Exception {
    try (var options = new Options().setCreateIfMissing(true);
        var db = RocksDB.open(options, dir.toString());
        var flush = new FlushOptions().setWaitForFlush(true)) {
      for (int file = 0; file < 2; file++) {
        db.put(("key-" + file).getBytes(StandardCharsets.UTF_8), new byte[100]);
        db.flush(flush);
      }
      db.compactRange();
    }
  }

  /** The nice value of each of this process's threads named {@code name}. */
  private static List<Integer> nicesOf(String name) throws IOException {
    return statFieldOf(name, 19);
  }

  /** The scheduling policy of each of this process's threads named {@code name}. */
  private static List<Integer> policiesOf(String name) throws IOException {
    return statFieldOf(name, 41);
  }

  /** Field {@code field} of proc(5)'s stat (counted from 1) of each thread named {@code name}. */
  private static List<Integer> statFieldOf(String name, int field) throws IOException {
    var values = new ArrayList<Integer>();
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
          // why: the name may hold spaces; the state, field 3, is the first after it
          values.add(Integer.parseInt(stat.substring(close + 2).split(" ")[field - 3]));
        }
      }
    }
    return values;
  }
}
