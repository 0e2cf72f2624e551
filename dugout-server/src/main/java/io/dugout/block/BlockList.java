package io.dugout.block;

import io.dugout.auth.Caller;
import io.dugout.system.DugoutException;
import io.dugout.system.Ids;
import io.dugout.system.Pages;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * A user's block list: adding, removing and paging it, for the user or (service tokens) for any
 * user through {@link Caller#actingFor}. At most {@link #MAX_BLOCKS} blocks per user.
 */
@Component
class BlockList {

  static final int MAX_BLOCKS = 10_000;
  static final int DEFAULT_PAGE = 50;
  static final int MAX_PAGE = 100;

  private final BlockStore store;
  private final Clock clock;

  BlockList(BlockStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  /** Blocks {@code blockedId} for the user; true when the block is new. */
  boolean block(Caller caller, String forUser, String blockedId) {
    String blockerId = blocker(caller, forUser, "block a user");
    Ids.requireUserId("userId", blockedId);
    if (blockerId.equals(blockedId)) {
      throw DugoutException.invalid("userId", "a user cannot block themselves");
    }
    var added = store.add(new Block(blockerId, blockedId, clock.instant()), MAX_BLOCKS);
    if (added == BlockStore.Added.FULL) {
      throw DugoutException.conflict(
          blockerId + " already blocks " + MAX_BLOCKS + " users, the most allowed");
    }
    return added == BlockStore.Added.ADDED;
  }

  /** Removes the user's block of {@code blockedId}, if there is one. */
  void unblock(Caller caller, String forUser, String blockedId) {
    String blockerId = blocker(caller, forUser, "unblock a user");
    Ids.requireUserId("userId", blockedId);
    store.remove(blockerId, blockedId);
  }

  /** A page of the user's blocks, in ascending order of the blocked user's id. */
  Page list(Caller caller, String forUser, Integer limit, String cursor) {
    String blockerId = blocker(caller, forUser, "list the blocks");
    int size = Pages.size(limit, DEFAULT_PAGE, MAX_PAGE);
    String after = cursor == null || cursor.isEmpty() ? null : decode(cursor);
    var blocks = store.list(blockerId, after, size + 1);
    boolean more = blocks.size() > size;
    var page = (more ? blocks.subList(0, size) : blocks).stream().map(Entry::of).toList();
    return new Page(page, more ? encode(page.getLast().userId()) : null);
  }

  /** {@code forUser} is a path segment: {@code me}, or a user id (service tokens: any user). */
  private static String blocker(Caller caller, String forUser, String action) {
    return caller.actingFor("me".equals(forUser) ? null : forUser, "userId", action);
  }

  private static String encode(String blockedId) {
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(blockedId.getBytes(StandardCharsets.UTF_8));
  }

  private static String decode(String cursor) {
    try {
      return new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw DugoutException.invalid("cursor", "is not a cursor this server gave out");
    }
  }

  /** A page of blocks and the cursor of the next page (null on the last page). */
  record Page(List<Entry> blocks, String nextCursor) {}

  /** One block as the blocker sees it. */
  record Entry(String userId, Instant blockedAt) {

    static Entry of(Block block) {
      return new Entry(block.blockedId(), block.blockedAt());
    }
  }
}
