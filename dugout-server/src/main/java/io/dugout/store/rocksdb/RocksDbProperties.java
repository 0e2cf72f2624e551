package io.dugout.store.rocksdb;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The RocksDB store's settings ({@code dugout.store.*} beside {@code dugout.store.type}, which
 * selects the store and is {@link io.dugout.system.DugoutProperties}'). Bound whichever store is
 * selected, so a wrong value stops startup either way.
 *
 * @param fsync whether every write waits for the disk (survives power loss, not only a process
 *     kill), at a large cost in write throughput
 * @param syncWriters with {@code fsync}, how many platform threads write for the virtual threads,
 *     so that a sync does not hold a carrier; writes in flight together share one sync
 * @param cachedMembers how many decoded memberships the store keeps in memory for the membership
 *     check and read marker of every send (0: none)
 * @param backgroundPriority the CPU priority of RocksDB's flushes and compactions
 */
@ConfigurationProperties("dugout.store")
record RocksDbProperties(
    @DefaultValue("false") boolean fsync,
    @DefaultValue("64") int syncWriters,
    @DefaultValue("100000") int cachedMembers,
    @DefaultValue("low") BackgroundPriority backgroundPriority) {

  /** The CPU priority of the store's background work, its flushes and compactions. */
  enum BackgroundPriority {
    /**
     * Linux's {@code SCHED_IDLE}: it runs when no other thread wants a core, and yields the core at
     * once to one that wakes; {@link #LOW} where that policy cannot be set.
     */
    IDLE,
    /** The lowest nice value (19): it runs on what the server's own threads leave of the cores. */
    LOW,
    /** The server's own, as RocksDB starts it. */
    NORMAL
  }
}
