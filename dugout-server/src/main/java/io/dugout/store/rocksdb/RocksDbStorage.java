package io.dugout.store.rocksdb;

import io.dugout.message.NoWait;
import io.dugout.store.StoreTimers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DBOptions;
import org.rocksdb.Env;
import org.rocksdb.LRUCache;
import org.rocksdb.Priority;
import org.rocksdb.ReadOptions;
import org.rocksdb.ReadTier;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;
import org.rocksdb.Statistics;
import org.rocksdb.StatsLevel;
import org.rocksdb.Status;
import org.rocksdb.TickerType;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One RocksDB database with a column family per kind of record. Owns the native handles and closes
 * them; the stores share it.
 *
 * <p>In a {@link NoWait#attempt} it refuses what would wait: a point read finds its value in memory
 * (the memtables and the block cache) or is refused, a write RocksDB would stall or slow down is
 * refused with nothing written (its {@code no_slowdown} option), and a scan or a synced write is
 * always refused.
 *
 * <p>Closing waits for the reads and writes in progress, and any that starts after it is refused
 * with {@link IllegalStateException}: a thread still at work while the server stops gets an error,
 * never a use of freed native memory.
 *
 * <p>Over 300 lines: opening, closing and the write path share the database handle, its column
 * families and the bookkeeping of reads and writes still running at close.
 */
final class RocksDbStorage implements AutoCloseable {

  static {
    RocksDB.loadLibrary();
  }

  enum Family {
    MESSAGES,
    DEDUPE,
    ROOMS,
    MEMBERS,
    READ_MARKERS,
    USER_ROOMS,
    ROOM_KEYS,
    NOTIFICATIONS,
    NOTIFICATION_IDS,
    NOTIFICATION_UNREAD,
    NOTIFICATION_COUNTS,
    NOTIFICATION_EXPIRY,
    NOTIFICATION_COLLAPSE,
    NOTIFICATION_SENDS,
    UPLOADS,
    BLOCKS,
    BLOCKERS,
    DEVICES,
    DEVICE_TOKENS,
    PUSH_OUTBOX,
    PUSH_DEAD_LETTERS,
    AUDIT,
    MODERATION,
    BANS,
    REPORTS,
    REPORT_KEYS,
    REPORT_UPLOADS,
    UNNOTIFIED;

    byte[] id() {
      return Keys.utf8(name().toLowerCase());
    }
  }

  private static final Logger log = LoggerFactory.getLogger(RocksDbStorage.class);

  /** How long {@link #close} waits for the reads and writes in progress. */
  static final long CLOSE_WAIT_NANOS = TimeUnit.SECONDS.toNanos(10);

  private final RocksDB db;
  private final List<ColumnFamilyHandle> handles;
  private final List<AutoCloseable> resources = new ArrayList<>();
  private final WriteOptions writeOptions;
  private final WriteOptions noSlowdown = new WriteOptions().setNoSlowdown(true);
  private final WriteOptions unsynced = new WriteOptions();
  private final ReadOptions inMemory = new ReadOptions().setReadTier(ReadTier.BLOCK_CACHE_TIER);
  private final SyncedWrites synced;
  private final Statistics statistics;
  private final Object lifecycle = new Object();
  private final LongAdder inProgress = new LongAdder();
  private volatile boolean closing;
  private boolean freed;
  private volatile StoreTimers timers = StoreTimers.NONE;

  private RocksDbStorage(
      RocksDB db,
      List<ColumnFamilyHandle> handles,
      WriteOptions writeOptions,
      SyncedWrites synced,
      Statistics statistics) {
    this.db = db;
    this.handles = handles;
    this.writeOptions = writeOptions;
    this.synced = synced;
    this.statistics = statistics;
    resources.addAll(List.of(noSlowdown, unsynced, inMemory));
  }

  /**
   * @param fsync whether a write returns only once the disk has it
   * @param syncWriters with {@code fsync}, the platform threads that write for virtual threads
   *     ({@link SyncedWrites})
   */
  static RocksDbStorage open(Path dir, boolean fsync, int syncWriters) {
    if (syncWriters < 1) {
      throw new IllegalArgumentException(
          "dugout.store.sync-writers must be 1 or more, not " + syncWriters);
    }
    try {
      Files.createDirectories(dir);
      var cache = new LRUCache(256L * 1024 * 1024);
      var table =
          new BlockBasedTableConfig()
              .setBlockCache(cache)
              .setFilterPolicy(new BloomFilter(10))
              .setCacheIndexAndFilterBlocks(true);
      var familyOptions =
          new ColumnFamilyOptions()
              .setTableFormatConfig(table)
              .setCompressionType(CompressionType.LZ4_COMPRESSION)
              .optimizeLevelStyleCompaction();
      var descriptors = new ArrayList<ColumnFamilyDescriptor>();
      descriptors.add(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, familyOptions));
      for (Family family : Family.values()) {
        descriptors.add(new ColumnFamilyDescriptor(family.id(), familyOptions));
      }
      // why: block cache hits and stalls are tickers; detailed timers would cost on every read
      var statistics = new Statistics();
      statistics.setStatsLevel(StatsLevel.EXCEPT_DETAILED_TIMERS);
      var dbOptions =
          new DBOptions()
              .setStatistics(statistics)
              .setCreateIfMissing(true)
              .setCreateMissingColumnFamilies(true)
              .setMaxBackgroundJobs(2)
              .setKeepLogFileNum(5);
      var handles = new ArrayList<ColumnFamilyHandle>();
      var db = RocksDB.open(dbOptions, dir.toString(), descriptors, handles);
      var writeOptions = new WriteOptions().setSync(fsync);
      var synced = fsync ? new SyncedWrites(syncWriters) : null;
      var storage = new RocksDbStorage(db, handles, writeOptions, synced, statistics);
      storage.resources.addAll(
          List.of(writeOptions, dbOptions, statistics, familyOptions, table.filterPolicy(), cache));
      return storage;
    } catch (RocksDBException | java.io.IOException e) {
      throw new IllegalStateException("cannot open RocksDB in " + dir + ": " + e.getMessage(), e);
    }
  }

  /**
   * Runs RocksDB's flushes and compactions at the lowest CPU priority (nice 19 on Linux) for every
   * database of this process, whose background thread pools they are. A pool thread takes the
   * priority when it starts its next job, and keeps it for the life of the process. why: one flush
   * of the two 128 MB memtables of a family takes about half a second of one thread's CPU within a
   * second; on a box whose cores the event loops keep busy, at normal priority it took that from
   * deliveries (docs/operations.md, "RocksDB's background work")
   */
  static void lowerBackgroundPriority() {
    Env.getDefault()
        .lowerThreadPoolCPUPriority(Priority.HIGH)
        .lowerThreadPoolCPUPriority(Priority.LOW);
  }

  ColumnFamilyHandle handle(Family family) {
    return handles.get(family.ordinal() + 1);
  }

  /** Whether work on it may run in a {@link NoWait#attempt}: when writes are not synced. */
  boolean triesWithoutWaiting() {
    return synced == null;
  }

  byte[] get(Family family, byte[] key) {
    begin();
    long start = System.nanoTime();
    try {
      return NoWait.active() ? db.get(handle(family), inMemory, key) : db.get(handle(family), key);
    } catch (RocksDBException e) {
      throw refusedOrFailure(e);
    } finally {
      timers.read().record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
      inProgress.decrement();
    }
  }

  /**
   * Writes the batch through the write-ahead log; durable against a process kill on return, and
   * against power loss with fsync on (then the write itself runs on a {@link SyncedWrites} thread).
   */
  void write(Consumer<Batch> fill) {
    begin();
    try (var batch = new WriteBatch()) {
      fill.accept(new Batch(batch));
      long start = System.nanoTime();
      if (NoWait.active()) {
        writeWithoutWaiting(batch);
      } else if (synced == null) {
        write(batch);
      } else {
        synced.run(() -> write(batch));
      }
      timers.write().record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
    } finally {
      inProgress.decrement();
    }
  }

  /**
   * Writes the batch through the write-ahead log without waiting for the disk, even with fsync on:
   * durable against a process kill, not against power loss. For writes whose loss only repeats work
   * (removing a mark that a crash would leave).
   */
  void writeUnsynced(Consumer<Batch> fill) {
    begin();
    try (var batch = new WriteBatch()) {
      fill.accept(new Batch(batch));
      db.write(unsynced, batch);
    } catch (RocksDBException e) {
      throw failure(e);
    } finally {
      inProgress.decrement();
    }
  }

  private void write(WriteBatch batch) {
    try {
      db.write(writeOptions, batch);
    } catch (RocksDBException e) {
      throw failure(e);
    }
  }

  private void writeWithoutWaiting(WriteBatch batch) {
    if (synced != null) {
      throw NoWait.wouldWait();
    }
    try {
      db.write(noSlowdown, batch);
    } catch (RocksDBException e) {
      throw refusedOrFailure(e);
    }
  }

  /**
   * Visits keys in {@code [from, to)} in order ({@code reverse}: from the last), until the visitor
   * returns false.
   */
  void scan(Family family, byte[] from, byte[] to, boolean reverse, Visitor visitor) {
    NoWait.refuseInAttempt();
    begin();
    long start = System.nanoTime();
    try (var lower = new Slice(from);
        var upper = new Slice(to);
        var options = new ReadOptions().setIterateLowerBound(lower).setIterateUpperBound(upper);
        RocksIterator it = db.newIterator(handle(family), options)) {
      if (reverse) {
        it.seekToLast();
      } else {
        it.seekToFirst();
      }
      while (it.isValid() && visitor.visit(it.key(), it.value())) {
        if (reverse) {
          it.prev();
        } else {
          it.next();
        }
      }
      it.status();
    } catch (RocksDBException e) {
      throw failure(e);
    } finally {
      timers.scan().record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
      inProgress.decrement();
    }
  }

  void timers(StoreTimers timers) {
    this.timers = timers;
  }

  /**
   * A RocksDB integer property ({@code rocksdb.*}), summed over the column families when {@code
   * perFamily}; NaN once the database is closed, so a late metrics scrape never touches freed
   * native memory.
   */
  double property(String name, boolean perFamily) {
    if (!tryBegin()) {
      return Double.NaN;
    }
    try {
      return perFamily ? db.getAggregatedLongProperty(name) : db.getLongProperty(name);
    } catch (RocksDBException e) {
      return Double.NaN;
    } finally {
      inProgress.decrement();
    }
  }

  /** A statistics ticker since the database opened; NaN once it is closed. */
  double ticker(TickerType ticker) {
    if (!tryBegin()) {
      return Double.NaN;
    }
    try {
      return statistics.getTickerCount(ticker);
    } finally {
      inProgress.decrement();
    }
  }

  /** Counts an operation in, or refuses it once {@link #close} has begun. */
  private void begin() {
    if (!tryBegin()) {
      throw new IllegalStateException("RocksDB is closed");
    }
  }

  /**
   * Counts an operation in unless closing has begun. why: the count goes up before the flag is read
   * and close sets the flag before it reads the count (both are volatile), so either the operation
   * sees the flag or close waits for the operation.
   */
  private boolean tryBegin() {
    inProgress.increment();
    if (closing) {
      inProgress.decrement();
      return false;
    }
    return true;
  }

  /**
   * Refuses new operations, waits for those in progress (up to {@link #CLOSE_WAIT_NANOS}), and
   * frees the native handles. If some are still running then, the handles stay until a later close
   * finds none running, or the process ends: never freed under a running operation.
   */
  @Override
  public void close() {
    close(CLOSE_WAIT_NANOS);
  }

  /** {@link #close()}, waiting up to {@code waitNanos} for the operations in progress. */
  void close(long waitNanos) {
    synchronized (lifecycle) {
      closing = true;
      if (freed) {
        return;
      }
      if (synced != null) {
        synced.close();
      }
      if (!quiet(waitNanos)) {
        log.warn(
            "{} RocksDB reads or writes still running {} ms after closing began; the database"
                + " stays open for them, and is freed by a later close or with the process",
            inProgress.sum(),
            TimeUnit.NANOSECONDS.toMillis(waitNanos));
        return;
      }
      try {
        db.flushWal(true);
      } catch (RocksDBException e) {
        // why: closing anyway; the WAL is replayed on the next open
      }
      handles.forEach(ColumnFamilyHandle::close);
      db.close();
      for (AutoCloseable resource : resources) {
        try {
          resource.close();
        } catch (Exception e) {
          // why: native handles are freed with the process at worst
        }
      }
      freed = true;
    }
  }

  private boolean quiet(long waitNanos) {
    long deadline = System.nanoTime() + waitNanos;
    while (inProgress.sum() > 0) {
      if (System.nanoTime() - deadline > 0) {
        return false;
      }
      LockSupport.parkNanos(1_000_000);
    }
    return true;
  }

  /** {@code Incomplete}: the read needed the disk, or the write would have been slowed down. */
  private static RuntimeException refusedOrFailure(RocksDBException e) {
    Status status = e.getStatus();
    if (status != null && status.getCode() == Status.Code.Incomplete) {
      return NoWait.wouldWait();
    }
    return failure(e);
  }

  private static IllegalStateException failure(RocksDBException e) {
    return new IllegalStateException("RocksDB failed: " + e.getMessage(), e);
  }

  /** A key and value seen by {@link #scan}. */
  @FunctionalInterface
  interface Visitor {
    boolean visit(byte[] key, byte[] value);
  }

  /** Writes collected for one atomic {@link #write}. */
  final class Batch {
    private final WriteBatch batch;

    private Batch(WriteBatch batch) {
      this.batch = batch;
    }

    void put(Family family, byte[] key, byte[] value) {
      try {
        batch.put(handle(family), key, value);
      } catch (RocksDBException e) {
        throw failure(e);
      }
    }

    void delete(Family family, byte[] key) {
      try {
        batch.delete(handle(family), key);
      } catch (RocksDBException e) {
        throw failure(e);
      }
    }
  }
}
