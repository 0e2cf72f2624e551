package io.dugout.store.rocksdb;

import io.dugout.room.Member;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Each room's member list as {@link RocksDbMembers#list} last read it, kept until a member of the
 * room is written: entering a room of a hundred members scanned and decoded all of them every time,
 * most of the cost of an {@code enter}.
 *
 * <p>Coherent the way {@link MemberCache} is, on the per-room stripes of {@link RocksDbMembers}:
 * every write of a member drops its room's list under the room's stripe after RocksDB has the
 * write, and bumps the stripe's version. A list is kept only if its stripe's version did not move
 * while it was read, so a list that may have missed a write is used once and never kept. Every
 * method but {@link #get} must be called under the room's stripe.
 *
 * <p>An empty list (no such room) is never kept. Holds lists of at most {@code capacity} members in
 * all; beyond that every list is dropped and they fill again. A read marker is a member write too,
 * so the list of a room whose members are reading along is read afresh after each marker that
 * moves.
 */
final class MemberLists {

  private final int capacity;
  private final long[] versions;
  private final ConcurrentHashMap<String, List<Member>> lists = new ConcurrentHashMap<>();
  private int members;

  MemberLists(int capacity, int stripes) {
    this.capacity = capacity;
    this.versions = new long[stripes];
  }

  /** The room's kept list, or null. */
  List<Member> get(String roomId) {
    return capacity == 0 ? null : lists.get(roomId);
  }

  /** The stripe's version, to pass to {@link #keep} after reading a list outside the stripe. */
  long version(int stripe) {
    return versions[stripe];
  }

  /** Keeps a list read since {@code version}, unless a member of the stripe was written since. */
  void keep(int stripe, long version, String roomId, List<Member> list) {
    if (capacity == 0 || versions[stripe] != version || list.isEmpty() || list.size() > capacity) {
      return;
    }
    synchronized (this) {
      members += list.size();
      if (members > capacity) {
        lists.clear();
        members = list.size();
      }
      List<Member> replaced = lists.put(roomId, list);
      if (replaced != null) {
        members -= replaced.size();
      }
    }
  }

  /** A member of the room was written: its list is dropped. */
  void written(int stripe, String roomId) {
    versions[stripe]++;
    // why: only this room's keep and written change its entry, and both run under its stripe
    if (lists.containsKey(roomId)) {
      synchronized (this) {
        List<Member> dropped = lists.remove(roomId);
        if (dropped != null) {
          members -= dropped.size();
        }
      }
    }
  }

  int rooms() {
    return lists.size();
  }
}
