package io.dugout.store.rocksdb;

import io.dugout.store.StoreTimers;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.rocksdb.TickerType;

/**
 * RocksDB's meters: how long reads, writes and scans take ({@link StoreTimers} with {@code
 * store=rocksdb}), and the internals an operator watches ({@code dugout.rocksdb.*}), read from
 * RocksDB's properties and statistics tickers when Prometheus scrapes, never on the write path.
 */
final class RocksDbMetrics {

  private RocksDbMetrics() {}

  /** Registers the meters of {@code storage} and starts timing its operations. */
  static void register(RocksDbStorage storage, MeterRegistry registry) {
    storage.timers(
        StoreTimers.register(
            registry,
            "rocksdb",
            "point read (dedupe check, room and member lookups)",
            "atomic write batch through the WAL (message append)",
            "range read (history page, replay, room list)"));
    gauge(
        registry,
        storage,
        "dugout.rocksdb.pending.compaction",
        "rocksdb.estimate-pending-compaction-bytes",
        true,
        "bytes compaction has yet to rewrite; a rising line means writes outpace compaction");
    gauge(
        registry,
        storage,
        "dugout.rocksdb.memtable",
        "rocksdb.cur-size-all-mem-tables",
        true,
        "bytes in memtables, not yet flushed to SST files");
    gauge(
        registry,
        storage,
        "dugout.rocksdb.sst",
        "rocksdb.live-sst-files-size",
        true,
        "bytes of live SST files");
    gauge(
        registry,
        storage,
        "dugout.rocksdb.block.cache.usage",
        "rocksdb.block-cache-usage",
        false,
        "bytes held by the shared block cache");
    Gauge.builder(
            "dugout.rocksdb.running.compactions",
            storage,
            s -> s.property("rocksdb.num-running-compactions", false))
        .description("compactions running now")
        .register(registry);
    Gauge.builder(
            "dugout.rocksdb.background.errors",
            storage,
            s -> s.property("rocksdb.background-errors", false))
        .description("background errors (flush, compaction) since open; writes stop after one")
        .register(registry);
    ticker(registry, storage, "dugout.rocksdb.block.cache.hits", TickerType.BLOCK_CACHE_HIT);
    ticker(registry, storage, "dugout.rocksdb.block.cache.misses", TickerType.BLOCK_CACHE_MISS);
    FunctionCounter.builder(
            "dugout.rocksdb.write.stall", storage, s -> s.ticker(TickerType.STALL_MICROS) / 1e6)
        .description("time writes were stalled waiting for flush or compaction")
        .baseUnit("seconds")
        .register(registry);
  }

  private static void gauge(
      MeterRegistry registry,
      RocksDbStorage storage,
      String name,
      String property,
      boolean perFamily,
      String description) {
    Gauge.builder(name, storage, s -> s.property(property, perFamily))
        .description(description)
        .baseUnit("bytes")
        .register(registry);
  }

  private static void ticker(
      MeterRegistry registry, RocksDbStorage storage, String name, TickerType ticker) {
    FunctionCounter.builder(name, storage, s -> s.ticker(ticker))
        .description("block cache lookups since start; hit rate = hits / (hits + misses)")
        .register(registry);
  }
}
