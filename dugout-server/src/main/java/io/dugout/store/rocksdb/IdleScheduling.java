package io.dugout.store.rocksdb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Puts RocksDB's background threads, its flush and compaction pools ({@code rocksdb:high}, {@code
 * rocksdb:low}), under Linux's {@code SCHED_IDLE} policy, with util-linux's {@code chrt}: a thread
 * under it runs on what no other thread wants, and any other thread that wakes takes its core at
 * once. Lowering a thread to it needs no privilege.
 *
 * <p>Only while RocksDB leaves the pools' priority alone: once lowered with {@code
 * Env.lowerThreadPoolCPUPriority}, a pool thread sets {@code SCHED_OTHER} and nice 19 itself when
 * it starts its next job, which would undo this.
 *
 * <p>why: at nice 19 a flush still took a core from the event loops now and then, and the seconds
 * around it were still the slowest at 10,000 sends/s on 2 cores (docs/operations.md, "RocksDB's
 * background work").
 */
final class IdleScheduling {

  private static final Path TASKS = Path.of("/proc/self/task");
  private static final String POOL_PREFIX = "rocksdb:";
  private static final String CHRT = "chrt";

  private IdleScheduling() {}

  /**
   * Applies the policy to every RocksDB pool thread of this process. RocksDB starts its pools'
   * threads when a database opens, so call it after the first open.
   *
   * @return why it could not, or null when every pool thread now runs under {@code SCHED_IDLE}
   */
  static String applyToPools() {
    return applyToPools(CHRT);
  }

  /** {@link #applyToPools()} with {@code chrt} as the command that sets a thread's policy. */
  static String applyToPools(String chrt) {
    List<String> threads;
    try {
      threads = poolThreads();
    } catch (IOException e) {
      return "no " + TASKS + " (" + e.getMessage() + ")";
    }
    if (threads.isEmpty()) {
      return "no thread named " + POOL_PREFIX + "* in " + TASKS;
    }
    for (String tid : threads) {
      String failure = setIdle(chrt, tid);
      if (failure != null) {
        return failure;
      }
    }
    return null;
  }

  /** The ids of this process's threads whose name starts with {@code rocksdb:}. */
  private static List<String> poolThreads() throws IOException {
    var ids = new ArrayList<String>();
    try (Stream<Path> tasks = Files.list(TASKS)) {
      for (Path task : tasks.toList()) {
        try {
          if (Files.readString(task.resolve("comm")).startsWith(POOL_PREFIX)) {
            ids.add(task.getFileName().toString());
          }
        } catch (IOException gone) {
          // why: the thread ended while the list was read
        }
      }
    }
    return ids;
  }

  private static String setIdle(String chrt, String tid) {
    var command = List.of(chrt, "--idle", "--pid", "0", tid);
    try {
      var process = new ProcessBuilder(command).redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes()).strip();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return String.join(" ", command) + " did not return within 10 s";
      }
      return process.exitValue() == 0
          ? null
          : String.join(" ", command) + " failed (" + process.exitValue() + "): " + output;
    } catch (IOException e) {
      return "cannot run " + chrt + " (util-linux): " + e.getMessage();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted while running " + chrt;
    }
  }
}
