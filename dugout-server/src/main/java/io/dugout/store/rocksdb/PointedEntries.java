package io.dugout.store.rocksdb;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The stored JSON of messages that other entries point at from outside their page: the message a
 * reply answers, the target of a change. Every reader of a page names the same few, so they are
 * kept in memory instead of being read from RocksDB for every page; a point read through JNI costs
 * about 10 µs, and a page with five such replies spent a third of its server time on them.
 *
 * <p>Coherent with the store because only {@link RocksDbMessageStore} writes messages, each room's
 * under its stripe: a miss is read and kept while holding that stripe, and a write that changes a
 * kept message replaces it before the stripe is released, so nothing kept is ever older than the
 * store. At most {@value #BUDGET_BYTES} bytes are kept; past that all are forgotten and read again.
 */
final class PointedEntries {

  static final long BUDGET_BYTES = 8L * 1024 * 1024;

  private record Key(String roomId, long seq) {}

  private final ConcurrentHashMap<Key, byte[]> kept = new ConcurrentHashMap<>();
  private final AtomicLong bytes = new AtomicLong();

  /** The kept JSON of the room's message at {@code seq}, or null. */
  byte[] get(String roomId, long seq) {
    return kept.get(new Key(roomId, seq));
  }

  /** Keeps a message's stored JSON; only while holding the room's stripe, read under it. */
  void keep(String roomId, long seq, byte[] json) {
    if (bytes.addAndGet(json.length) > BUDGET_BYTES) {
      kept.clear();
      bytes.set(json.length);
    }
    kept.put(new Key(roomId, seq), json);
  }

  /** The message at {@code seq} was rewritten; holding the room's stripe, after the write. */
  void rewritten(String roomId, long seq, byte[] json) {
    kept.replace(new Key(roomId, seq), json);
  }
}
