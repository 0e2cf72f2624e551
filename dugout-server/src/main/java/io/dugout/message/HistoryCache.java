package io.dugout.message;

import java.util.List;
import java.util.Optional;

/**
 * Recent messages of busy rooms, kept closer than the store. Derived data only: it can lose
 * anything at any time and be rebuilt from the {@link MessageStore}, so it never holds or assigns a
 * seq of its own.
 *
 * <p>Guarantees: an answer is either exact (the same messages the store would return) or empty (a
 * miss); a cache that is cold, evicted, flushed or down changes only the speed of a read, never its
 * answer; no method throws because the cache is unreachable. Thread-safe.
 */
public interface HistoryCache {

  /** Remembers a message that is durable in the store (write-through, in seq order per room). */
  void stored(Message message);

  /**
   * The {@code limit} newest messages below {@code beforeSeq}, newest first, when the cache holds
   * every one of them; empty when it cannot be sure.
   */
  Optional<List<Message>> before(String roomId, long beforeSeq, int limit);

  /**
   * Offers a page the store has just returned for a read the cache missed (newest first,
   * consecutive seqs), so that the next read of it can be a hit. The cache keeps only what joins
   * the messages it already holds without a gap, and may ignore the offer.
   */
  default void loaded(String roomId, List<Message> newestFirst) {}

  /** A cache that holds nothing: every read goes to the store. */
  HistoryCache NONE =
      new HistoryCache() {
        @Override
        public void stored(Message message) {}

        @Override
        public Optional<List<Message>> before(String roomId, long beforeSeq, int limit) {
          return Optional.empty();
        }
      };
}
