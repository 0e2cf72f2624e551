package io.dugout.message;

import java.util.List;
import java.util.Optional;

/**
 * Recent entries of busy rooms, kept closer than the store. Derived data only: it can lose anything
 * at any time and be rebuilt from the {@link MessageStore}, so it never holds or assigns a seq of
 * its own.
 *
 * <p>Guarantees: an answer is either exact (the same entries, each in the same state, as the store
 * would return) or empty (a miss); a cache that is cold, evicted, flushed or down changes only the
 * speed of a read, never its answer; no method throws because the cache is unreachable.
 * Thread-safe.
 *
 * <p>Entries change: a change entry (ADR 15) gives its target a new state. The cache keeps every
 * entry in its stored form ({@link Message#stored}: no reply preview, no target), gives a cached
 * target the state a change brought when it is told of the change, and never puts back a state that
 * a change replaced while a page was being read ({@link #loaded} takes the {@link Lookup} of the
 * miss that started the read for that). "Exact" has one window, as for new messages: until the
 * cache is told of a stored entry (right after the store wrote it), pages may show the room as it
 * was just before that entry, without it and without what it changed.
 */
public interface HistoryCache {

  /**
   * Remembers an entry that is durable in the store (write-through, in seq order per room, though
   * calls may overtake each other): a message, or a change carrying its target's new state in
   * {@link Message#target}.
   */
  void stored(Message message);

  /**
   * The {@code limit} newest entries below {@code beforeSeq}, newest first, when the cache holds
   * every one of them ({@link Lookup#page}); a miss when it cannot be sure.
   */
  Lookup before(String roomId, long beforeSeq, int limit);

  /**
   * Offers a page the store has just returned for a read the cache {@code missed} (newest first,
   * consecutive seqs), so that the next read of it can be a hit. The cache keeps only what joins
   * the entries it already holds without a gap, and ignores the offer when any change reached the
   * room since {@code missed}: the page may hold a state that change replaced.
   */
  default void loaded(String roomId, List<Message> newestFirst, Lookup missed) {}

  /**
   * What {@link #before} found: a page, or a miss with the token that {@link #loaded} checks the
   * room's changes against.
   *
   * @param hit the page on a hit, else null
   * @param token on a miss, the cache's mark of the room's changes when it looked; null when no
   *     page the store returns may be kept
   */
  record Lookup(List<Message> hit, String token) {

    /** A miss after which nothing is kept. */
    public static final Lookup MISS = new Lookup(null, null);

    public static Lookup hit(List<Message> page) {
      return new Lookup(page, null);
    }

    public static Lookup miss(String token) {
      return new Lookup(null, token);
    }

    /** The page, when the cache answered. */
    public Optional<List<Message>> page() {
      return Optional.ofNullable(hit);
    }
  }

  /** A cache that holds nothing: every read goes to the store. */
  HistoryCache NONE =
      new HistoryCache() {
        @Override
        public void stored(Message message) {}

        @Override
        public Lookup before(String roomId, long beforeSeq, int limit) {
          return Lookup.MISS;
        }
      };
}
