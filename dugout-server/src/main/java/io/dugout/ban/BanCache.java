package io.dugout.ban;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * Each user's ban as this node last read it from the {@link BanStore}, kept for at most {@code
 * ttlNanos} and dropped at once when {@link #invalidate} is called (by the broadcast of a change).
 * A read that raced an invalidation is never kept. At most {@link #MAX_USERS} users are kept; past
 * that an arbitrary one is dropped, which costs only its next read. Thread-safe.
 */
final class BanCache {

  static final int MAX_USERS = 100_000;

  private final Map<String, Entry> entries = new ConcurrentHashMap<>();
  private final AtomicLong generation = new AtomicLong();
  private final long ttlNanos;
  private final Function<String, Optional<Ban>> load;

  BanCache(long ttlNanos, Function<String, Optional<Ban>> load) {
    this.ttlNanos = ttlNanos;
    this.load = load;
  }

  Optional<Ban> get(String userId) {
    long now = System.nanoTime();
    Entry entry = entries.get(userId);
    if (entry != null && now - entry.loadedAt < ttlNanos) {
      return entry.ban;
    }
    long before = generation.get();
    Entry loaded = new Entry(load.apply(userId), now);
    if (entries.size() >= MAX_USERS) {
      var any = entries.keySet().iterator();
      if (any.hasNext()) {
        entries.remove(any.next());
      }
    }
    entries.put(userId, loaded);
    // why: an invalidation that began after the read started must not leave the read kept
    if (generation.get() != before) {
      entries.remove(userId, loaded);
    }
    return loaded.ban;
  }

  void invalidate(String userId) {
    generation.incrementAndGet();
    entries.remove(userId);
  }

  private record Entry(Optional<Ban> ban, long loadedAt) {}
}
