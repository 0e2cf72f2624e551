package io.dugout.room;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * This node's view of who is a member of which room, so that a member's every send, read and
 * receipt need not read the store: a member the store confirmed is answered from here, a user who
 * is not one is always read afresh (so a join on another node counts at once).
 *
 * <p>Exact while events flow: a {@link RoomEvent.MemberLeft}, this node's own or another node's,
 * drops the member at once, and a read that overlapped such an event is used once and not kept.
 * Nothing kept is trusted once the {@link RoomEventFeed} epoch it was read in has changed (a
 * dropped connection, a new subscription) or while the feed is deaf, nor once it is older than the
 * ttl, which bounds how late a node that missed a removal's event refuses the removed member. At
 * most {@value #ENTRIES} members are kept; beyond that the view starts again empty. Thread-safe.
 */
final class MembershipView {

  static final int ENTRIES = 100_000;

  private record Key(String roomId, String userId) {}

  private record Seen(long epoch, long readAtNanos) {}

  private final RoomStore rooms;
  private final Supplier<RoomEventFeed> feed;
  private final long ttlNanos;
  private final LongSupplier nanoTime;
  private final ConcurrentHashMap<Key, Seen> seen = new ConcurrentHashMap<>();
  private final AtomicLong removals = new AtomicLong();

  MembershipView(
      RoomStore rooms, Supplier<RoomEventFeed> feed, long ttlNanos, LongSupplier nanoTime) {
    this.rooms = rooms;
    this.feed = feed;
    this.ttlNanos = ttlNanos;
    this.nanoTime = nanoTime;
  }

  /** Whether the user is a member of the room, from the view when it may answer. */
  boolean isMember(String roomId, String userId) {
    long epoch = feed.get().epoch();
    var key = new Key(roomId, userId);
    var kept = seen.get(key);
    long now = nanoTime.getAsLong();
    if (kept != null && kept.epoch() == epoch && now - kept.readAtNanos() < ttlNanos) {
      return true;
    }
    long removalsBefore = removals.get();
    boolean member = rooms.findMember(roomId, userId).isPresent();
    if (!member || epoch == RoomEventFeed.DEAF || ttlNanos == 0) {
      seen.remove(key);
      return member;
    }
    if (seen.size() >= ENTRIES) {
      seen.clear();
    }
    var read = new Seen(epoch, now);
    seen.put(key, read);
    // why: a removal that arrived during the read may be missing from it; its event counts first
    // and removes after, so either this sees the count or the removal sees the entry
    if (removals.get() != removalsBefore) {
      seen.remove(key, read);
    }
    return member;
  }

  /** Drops the member at a removal: the next check reads the store. */
  void removed(String roomId, String userId) {
    removals.incrementAndGet();
    seen.remove(new Key(roomId, userId));
  }

  /** Whether the view holds the member now (trusted or not). */
  boolean keeps(String roomId, String userId) {
    return seen.containsKey(new Key(roomId, userId));
  }
}
