package io.dugout.room;

import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * This node's view of who is a member of which room, so that a member's every send, read and
 * receipt need not read the store: a member the store confirmed is answered from here, a user who
 * is not one is always read afresh (so a join on another node counts at once).
 *
 * <p>Exact while events flow, as a {@link CheckedView}: a {@link RoomEvent.MemberLeft}, this node's
 * own or another node's, drops the member at once; the ttl bounds how late a node that missed a
 * removal's event refuses the removed member. Thread-safe.
 */
final class MembershipView {

  static final int ENTRIES = CheckedView.ENTRIES;

  private record Key(String roomId, String userId) {}

  private final RoomStore rooms;
  private final CheckedView<Key, Boolean> view;

  MembershipView(
      RoomStore rooms, Supplier<RoomEventFeed> feed, long ttlNanos, LongSupplier nanoTime) {
    this.rooms = rooms;
    this.view = new CheckedView<>(feed, ttlNanos, nanoTime);
  }

  /** Whether the user is a member of the room, from the view when it may answer. */
  boolean isMember(String roomId, String userId) {
    return view.get(
        new Key(roomId, userId),
        key -> rooms.findMember(key.roomId(), key.userId()).isPresent(),
        member -> member);
  }

  /** Drops the member at a removal: the next check reads the store. */
  void removed(String roomId, String userId) {
    view.changed(new Key(roomId, userId));
  }

  /** Whether the view holds the member now (trusted or not). */
  boolean keeps(String roomId, String userId) {
    return view.keeps(new Key(roomId, userId));
  }
}
