package io.dugout.store.rocksdb;

import io.dugout.room.Member;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Decoded members of {@link RocksDbMembers}, so that the membership check and the read marker of
 * every send skip reading and decoding the member's JSON.
 *
 * <p>Coherent because it is filled only under the room's stripe in the store, from what RocksDB
 * holds, and every write of a member (under the same stripe) replaces or drops the cached copy
 * after RocksDB has it: a cached member is always the stored one, or the one a write in progress is
 * replacing. Absence is never cached, so a member added by any path is found at once. Single
 * process only, like the RocksDB store itself.
 *
 * <p>Holds at most {@code capacity} members; beyond that the oldest filled is dropped first.
 */
final class MemberCache {

  private final int capacity;
  private final Map<Key, Member> members = new ConcurrentHashMap<>();
  private final ConcurrentLinkedQueue<Key> filled = new ConcurrentLinkedQueue<>();
  private final AtomicInteger filledCount = new AtomicInteger();

  MemberCache(int capacity) {
    if (capacity < 0) {
      throw new IllegalArgumentException(
          "dugout.store.cached-members must be 0 or more, not " + capacity);
    }
    this.capacity = capacity;
  }

  /** The cached member, or null when it is not cached (which says nothing about membership). */
  Member get(String roomId, String userId) {
    return capacity == 0 ? null : members.get(new Key(roomId, userId));
  }

  /** Caches a member just read from RocksDB. Call it under the member's stripe. */
  void fill(Member member) {
    if (capacity == 0) {
      return;
    }
    var key = Key.of(member);
    if (members.put(key, member) == null) {
      filled.add(key);
      if (filledCount.incrementAndGet() > capacity) {
        evictOldest();
      }
    }
  }

  /** A member RocksDB now holds in a new form; cached only if it was. Call it under the stripe. */
  void written(Member member) {
    if (capacity > 0) {
      members.replace(Key.of(member), member);
    }
  }

  /** A member RocksDB no longer holds. Call it under the member's stripe. */
  void removed(String roomId, String userId) {
    if (capacity > 0) {
      members.remove(new Key(roomId, userId));
    }
  }

  int size() {
    return members.size();
  }

  private void evictOldest() {
    Key oldest = filled.poll();
    if (oldest != null) {
      filledCount.decrementAndGet();
      members.remove(oldest);
    }
  }

  private record Key(String roomId, String userId) {
    static Key of(Member member) {
      return new Key(member.roomId(), member.userId());
    }
  }
}
