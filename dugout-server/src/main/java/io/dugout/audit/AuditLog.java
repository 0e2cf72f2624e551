package io.dugout.audit;

import java.util.List;

/**
 * Keeps every {@link ModerationAction} that took effect, for the product's backend to read.
 *
 * <p>Guarantees every adapter keeps (checked by {@code AuditLogContract}):
 *
 * <ul>
 *   <li>{@link #append} is durable when it returns (the write-ahead log, or the database's majority
 *       write), and every later {@link #list} on any node sees it.
 *   <li>{@link #append} is idempotent on {@link AuditEntry#id}: appending the same id again changes
 *       nothing.
 *   <li>{@link #list} returns entries newest first, in descending order of their ids (ids are
 *       UUIDv7, so this is the order of the appending nodes' clocks), filtered by the query. A page
 *       holds at most {@code limit} entries; {@link Page#nextCursor} is null only when nothing
 *       older matches. A page may hold fewer than {@code limit} entries, even none, with a cursor:
 *       an adapter may bound the entries it reads for one page, and the caller follows the cursor.
 *       Paging by cursor neither skips nor repeats an entry appended before the first page was
 *       read.
 *   <li>All methods are thread-safe.
 * </ul>
 */
public interface AuditLog {

  /** Stores the entry; an entry with the same id that exists is kept as it is. */
  void append(AuditEntry entry);

  /**
   * Up to {@code limit} entries matching {@code query}, newest first, older than the entry whose id
   * is {@code cursor} when it is not null.
   */
  Page list(Query query, String cursor, int limit);

  /**
   * What to list: entries of the room, about the user, of the action; each null matches any.
   *
   * @param roomId the room the action was done in
   * @param userId the user the action was done to
   * @param action the action's name, such as {@code room.member.banned}
   */
  record Query(String roomId, String userId, String action) {

    /** Whether the entry's action matches this query. */
    public boolean matches(ModerationAction a) {
      return (roomId == null || roomId.equals(a.roomId()))
          && (userId == null || userId.equals(a.userId()))
          && (action == null || action.equals(a.action()));
    }
  }

  /** A page of entries, newest first, and the cursor of the next older page (null: no more). */
  record Page(List<AuditEntry> entries, String nextCursor) {}
}
