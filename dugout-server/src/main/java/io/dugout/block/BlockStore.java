package io.dugout.block;

import java.util.Collection;
import java.util.List;

/**
 * Keeps who blocked whom: at most one block per (blocker, blocked) pair, readable from both sides.
 *
 * <p>Guarantees every adapter keeps (checked by {@code BlockStoreContract}):
 *
 * <ul>
 *   <li>Every write is durable when the method returns (the write-ahead log, or the database's
 *       majority write), and every later read on any node sees it: reads are never served from a
 *       copy that a write elsewhere could leave stale. This is what makes a block take effect on
 *       every node at once.
 *   <li>{@link #add} and {@link #remove} are idempotent: adding a block that exists keeps its first
 *       {@code blockedAt}; removing one that does not exist changes nothing.
 *   <li>{@link #add} refuses a new block when the blocker already has {@code max}. A blocker's
 *       concurrent adds on two cluster nodes may each see room for one more, so the bound may be
 *       passed by as many adds as race; sequential adds never pass it.
 *   <li>{@link #blocksEither} is one indexed lookup: the send path of DIRECT and TRADE rooms asks
 *       it for every message.
 *   <li>All methods are thread-safe.
 * </ul>
 */
public interface BlockStore {

  /** What {@link #add} did. */
  enum Added {
    /** The block is new. */
    ADDED,
    /** The block existed; nothing changed. */
    EXISTED,
    /** The blocker already has the most blocks allowed; nothing changed. */
    FULL
  }

  /** Stores the block unless it exists or its blocker already has {@code max} blocks. */
  Added add(Block block, int max);

  /** Removes the block; false when there was none. */
  boolean remove(String blockerId, String blockedId);

  /**
   * Up to {@code limit} of the blocker's blocks in ascending order of the blocked user's id, those
   * after {@code afterBlockedId} when it is not null.
   */
  List<Block> list(String blockerId, String afterBlockedId, int limit);

  /** Whether either user has blocked the other. */
  boolean blocksEither(String oneUserId, String otherUserId);

  /** Those of {@code userIds} who have blocked {@code blockedId}, in no particular order. */
  List<String> blockersAmong(String blockedId, Collection<String> userIds);
}
