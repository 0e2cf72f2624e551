package io.dugout.store.rocksdb;

import static io.dugout.store.rocksdb.RocksDbStorage.Family.MESSAGES;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.HeldByAnotherThread;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closing the storage while other threads still read and write, as a stopping server does: each
 * operation either finishes or is refused with a clear error, none touches freed native memory (a
 * use after free would crash or corrupt the test JVM), and every write that returned is there on
 * the next open.
 */
class RocksDbClosingTests {

  private static final byte[] FROM = Keys.utf8("a");
  private static final byte[] TO = Keys.utf8("z");

  @TempDir Path dir;

  @Test
  void readsAndWritesRacingCloseFinishOrAreRefusedAndNoWriteThatReturnedIsLost() throws Exception {
    var storage = RocksDbStorage.open(dir, false, 1);
    int threads = 4;
    Set<String> written = ConcurrentHashMap.newKeySet();
    var refused = new AtomicInteger();
    var other = new ConcurrentLinkedQueue<Throwable>();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    try (var pool = Executors.newFixedThreadPool(threads)) {
      for (int t = 0; t < threads; t++) {
        String writer = "w" + t;
        pool.execute(
            () -> {
              for (int i = 0; System.nanoTime() < deadline; i++) {
                String key = writer + "-" + i;
                byte[] bytes = Keys.utf8(key);
                try {
                  storage.write(batch -> batch.put(MESSAGES, bytes, bytes));
                  written.add(key);
                  storage.get(MESSAGES, bytes);
                  if (i % 100 == 0) {
                    storage.scan(MESSAGES, FROM, TO, i % 200 == 0, (k, v) -> true);
                  }
                } catch (IllegalStateException e) {
                  if ("RocksDB is closed".equals(e.getMessage())) {
                    refused.incrementAndGet();
                  } else {
                    other.add(e);
                  }
                  return;
                } catch (RuntimeException | Error e) {
                  other.add(e);
                  return;
                }
              }
            });
      }
      while (written.size() < 4_000 && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      storage.close();
    }

    assertThat(other).isEmpty();
    assertThat(refused).as("every thread was still at work when the storage closed").hasValue(4);
    assertThat(written).hasSizeGreaterThanOrEqualTo(4_000);
    var reopened = RocksDbStorage.open(dir, false, 1);
    try {
      for (String key : written) {
        assertThat(reopened.get(MESSAGES, Keys.utf8(key))).as(key).isEqualTo(Keys.utf8(key));
      }
    } finally {
      reopened.close();
    }
  }

  @Test
  void closeWaitsForAScanInProgressAndRefusesWhatStartsAfterIt() throws Exception {
    var storage = RocksDbStorage.open(dir, false, 1);
    Set<String> seen = ConcurrentHashMap.newKeySet();
    var scan = heldScan(storage, seen);
    var closing = Thread.ofPlatform().start(storage::close);

    assertThat(closing.join(Duration.ofMillis(300))).as("close returned under a scan").isFalse();
    assertThatThrownBy(() -> storage.get(MESSAGES, Keys.utf8("k1")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("RocksDB is closed");
    scan.close();
    assertThat(closing.join(Duration.ofSeconds(10))).isTrue();
    assertThat(seen).containsExactlyInAnyOrder("v1", "v2");
    assertThatThrownBy(() -> storage.write(batch -> {}))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("RocksDB is closed");
  }

  @Test
  void anOperationStillRunningWhenTheWaitEndsKeepsTheDatabaseUntilALaterClose() throws Exception {
    var storage = RocksDbStorage.open(dir, false, 1);
    Set<String> seen = ConcurrentHashMap.newKeySet();
    var scan = heldScan(storage, seen);

    storage.close(TimeUnit.MILLISECONDS.toNanos(100));
    assertThatThrownBy(() -> storage.get(MESSAGES, Keys.utf8("k1")))
        .hasMessage("RocksDB is closed");
    // why: had close freed the handles, the rest of the scan would read freed memory
    scan.close();
    assertThat(seen).containsExactlyInAnyOrder("v1", "v2");

    storage.close();
    var reopened = RocksDbStorage.open(dir, false, 1);
    try {
      assertThat(reopened.get(MESSAGES, Keys.utf8("k2"))).isEqualTo(Keys.utf8("v2"));
    } finally {
      reopened.close();
    }
  }

  /** Writes two values and starts a scan over them, held in its first visit until closed. */
  private static HeldByAnotherThread heldScan(RocksDbStorage storage, Set<String> seen)
      throws InterruptedException {
    storage.write(
        batch -> {
          batch.put(MESSAGES, Keys.utf8("k1"), Keys.utf8("v1"));
          batch.put(MESSAGES, Keys.utf8("k2"), Keys.utf8("v2"));
        });
    return HeldByAnotherThread.start(
        stay ->
            storage.scan(
                MESSAGES,
                FROM,
                TO,
                false,
                (key, value) -> {
                  stay.run();
                  seen.add(new String(value, StandardCharsets.UTF_8));
                  return true;
                }));
  }
}
