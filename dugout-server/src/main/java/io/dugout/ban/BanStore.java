package io.dugout.ban;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Keeps the bans from the whole deployment: at most one per user.
 *
 * <p>Guarantees every adapter keeps (checked by {@code BanStoreContract}):
 *
 * <ul>
 *   <li>Every write is durable when the method returns (the write-ahead log, or the database's
 *       majority write), and every later read on any node sees it: reads are never served from a
 *       copy a write elsewhere could leave stale.
 *   <li>{@link #put} replaces the user's ban, if any, as a whole (a new reason or end date); {@link
 *       #remove} of a user with no ban changes nothing.
 *   <li>{@link #find} is one indexed lookup; it returns a ban whether or not it has ended, so the
 *       caller decides with its own clock.
 *   <li>{@link #list} pages in ascending order of user id and leaves out bans that ended at or
 *       before the given instant; ended bans are only removed by {@link #removeEnded}.
 *   <li>All methods are thread-safe.
 * </ul>
 */
public interface BanStore {

  /** Stores the ban, replacing the user's previous one. */
  void put(Ban ban);

  /** Removes the user's ban; false when there was none. */
  boolean remove(String userId);

  /** The user's ban, ended or not. */
  Optional<Ban> find(String userId);

  /**
   * Up to {@code limit} bans in force at {@code now}, in ascending order of user id, those after
   * {@code afterUserId} when it is not null.
   */
  List<Ban> list(String afterUserId, Instant now, int limit);

  /** Removes up to {@code limit} bans that ended at or before {@code now}; returns how many. */
  int removeEnded(Instant now, int limit);
}
