package io.dugout.room;

import io.dugout.message.Message;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Keeps rooms and their members.
 *
 * <p>Guarantees every adapter keeps (checked by {@code RoomStoreContract}):
 *
 * <ul>
 *   <li>Every write is durable when the method returns (it survives a process kill).
 *   <li>{@link #create} is atomic and idempotent on {@link Room#uniqueKey()}: of any number of
 *       concurrent creations with the same key exactly one room exists afterwards, and every caller
 *       gets that room back.
 *   <li>{@link #markRead} only moves a read marker forward.
 *   <li>All methods are thread-safe.
 * </ul>
 */
public interface RoomStore {

  /**
   * Stores a room with its first members, or returns the existing room with the same non-null
   * unique key (then nothing is written).
   */
  Created create(Room room, List<Member> members);

  Optional<Room> find(String roomId);

  Optional<Member> findMember(String roomId, String userId);

  /**
   * Members of a room in the order they joined, as an unmodifiable list. A store may hand out the
   * very same list again while none of the room's members was written since; a caller may rely on
   * that (an identical list has identical members) but not on getting the same list twice.
   */
  List<Member> members(String roomId);

  /**
   * The members of each of {@code roomIds} as {@link #members(String)} gives them, keyed by room; a
   * room without members (or unknown) is left out. MongoDB answers with one query, where asking
   * room by room would be a round trip each.
   */
  default Map<String, List<Member>> members(Collection<String> roomIds) {
    var found = new LinkedHashMap<String, List<Member>>();
    for (String roomId : roomIds) {
      var members = members(roomId);
      if (!members.isEmpty()) {
        found.put(roomId, members);
      }
    }
    return found;
  }

  /** Adds a member; false when the user already is one (nothing changes then). */
  boolean addMember(Member member);

  /** Removes a member; false when the user was not one. */
  boolean removeMember(String roomId, String userId);

  /**
   * Raises the member's read marker to {@code seq}, the entry whose ordinal is {@code ordinal}, if
   * that is higher than the current one.
   *
   * @return the member after the update, empty when the user is not a member
   */
  Optional<Member> markRead(String roomId, String userId, long seq, long ordinal);

  /**
   * Records that the message at {@code seq} mentions each of {@code userIds} ({@link
   * Member#mentions}); a user who is not a member, or already has it, is left as they are.
   */
  void mention(String roomId, List<String> userIds, long seq);

  /**
   * Sets whether the member muted the room; setting it to what it is changes nothing.
   *
   * @return the member after the update, empty when the user is not a member
   */
  Optional<Member> setMuted(String roomId, String userId, boolean muted);

  /**
   * Sets the member's role; setting it to what it is changes nothing.
   *
   * @return the member after the update, empty when the user is not a member
   */
  Optional<Member> setRole(String roomId, String userId, MemberRole role);

  /** Ids of every room the user is a member of, in no particular order. */
  List<String> roomIdsOf(String userId);

  /**
   * What a room list shows of every room the user is a member of, in no particular order: the room,
   * the user's membership, the room's newest message, and the members of DIRECT and TRADE rooms
   * (which are named after them). Its cost does not grow by round trips per room: MongoDB answers
   * it with one aggregation, RocksDB with in-process point reads.
   */
  List<Listing> listingOf(String userId);

  /**
   * The user's unread messages over every room the user is a member of, muted rooms included: the
   * sum of what {@link #listingOf} counts room by room ({@link Member#unreadAt} of each room's
   * newest entry). A phone's badge. The default sums the listing; an adapter that can skip reading
   * each room and its newest message does.
   */
  default long unreadTotal(String userId) {
    long total = 0;
    for (var listing : listingOf(userId)) {
      total += listing.member().unreadAt(listing.newest() == null ? 0 : listing.newest().ordinal());
    }
    return total;
  }

  /**
   * A room as a room list needs it: {@code newest} is null when the room has no message yet, and
   * {@code members} (in the order they joined) is null for GROUP rooms.
   */
  record Listing(Room room, Member member, Message newest, List<Member> members) {}

  /** The outcome of {@link #create}: the room, and whether this call created it. */
  record Created(Room room, boolean created) {}
}
