package io.dugout.moderation;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Keeps the moderation of GROUP rooms: each room's rules (frozen, slow mode), and its muted and
 * banned users.
 *
 * <p>Guarantees every adapter keeps (checked by {@code ModerationStoreContract}):
 *
 * <ul>
 *   <li>Every write is durable when the method returns (the write-ahead log, or the database's
 *       majority write), and every later read on any node sees it: no read is served from a copy a
 *       write elsewhere could leave stale. This is what makes a mute or a freeze refuse the very
 *       next send through any node.
 *   <li>{@link #writer} is one read (one MongoDB query, or two RocksDB point reads): the send path
 *       asks it for every message to a GROUP room.
 *   <li>{@link #setFrozen} and {@link #setSlowMode} change one rule each, atomically, and say
 *       whether it changed; concurrent changes of the two rules never undo each other.
 *   <li>A mute replaces the user's earlier mute. A mute whose {@code until} has passed is still
 *       returned until it is removed or the store drops it (MongoDB's TTL index does, some time
 *       after); callers compare it with their clock.
 *   <li>{@link #ban} and {@link #unban} are idempotent: banning a banned user keeps the first ban.
 *   <li>All methods are thread-safe.
 * </ul>
 */
public interface ModerationStore {

  /** What a user's write to the room needs: the room's rules and the user's mute, if any. */
  Writer writer(String roomId, String userId);

  /** The room's rules ({@link Rules#NONE} when none was ever set). */
  Rules rules(String roomId);

  /** Freezes or unfreezes the room; true when that changed it. */
  boolean setFrozen(String roomId, boolean frozen);

  /** Sets the slow-mode interval in seconds (0: off); true when that changed it. */
  boolean setSlowMode(String roomId, int seconds);

  /** Mutes the user in the room, replacing an earlier mute. */
  void mute(Mute mute);

  /** Removes the user's mute; false when there was none. */
  boolean unmute(String roomId, String userId);

  /** Bans the user from the room; false when they were banned already (the first ban stays). */
  boolean ban(Ban ban);

  /** Lifts the user's ban; false when there was none. */
  boolean unban(String roomId, String userId);

  Optional<Ban> findBan(String roomId, String userId);

  /**
   * Up to {@code limit} of the room's bans in ascending order of the user's id, those after {@code
   * afterUserId} when it is not null.
   */
  List<Ban> bans(String roomId, String afterUserId, int limit);

  /**
   * A room's rules.
   *
   * @param slowModeSeconds at most one message per member per this many seconds; 0 is off
   */
  record Rules(boolean frozen, int slowModeSeconds) {
    public static final Rules NONE = new Rules(false, 0);
  }

  /** The room's rules and the writer's mute (null when not muted). */
  record Writer(Rules rules, Mute mute) {}

  /**
   * A user muted in a room.
   *
   * @param until when it ends by itself; null: when a moderator unmutes them
   * @param byId who muted them: a user id, or {@code service}
   */
  record Mute(String roomId, String userId, Instant until, String byId, Instant at) {

    /** Whether the mute still holds at {@code now}. */
    public boolean holdsAt(Instant now) {
      return until == null || now.isBefore(until);
    }
  }

  /**
   * A user banned from a room.
   *
   * @param byId who banned them: a user id, or {@code service}
   * @param reason as the moderator gave it, or null
   */
  record Ban(String roomId, String userId, String byId, String reason, Instant at) {}
}
