package io.dugout.push;

import java.util.List;

/**
 * Pushes given up on, kept in the node's store for the product's backend to read (service token)
 * and delete once handled.
 *
 * <p>Guarantees every adapter keeps (checked by {@code PushDeadLettersContract}):
 *
 * <ul>
 *   <li>{@link #add} is durable when it returns (the write-ahead log, or the database's majority
 *       write): a restart keeps it, and in a cluster every node reads it.
 *   <li>Bounded: after {@link #add} returns, at most {@code capacity} letters are kept; the oldest
 *       (smallest id) are dropped first and counted in {@link #evicted}. Letters added at once on
 *       two nodes may leave a few more than {@code capacity} until the next add trims them.
 *   <li>{@link #newest} answers newest first, in descending order of ids (UUIDv7: the order of the
 *       giving-up nodes' clocks).
 *   <li>{@link #remove} is idempotent: removing a letter that is gone is no error.
 *   <li>Thread-safe. A failure throws {@code DugoutException} {@code unavailable} or the store's
 *       own runtime exception.
 * </ul>
 */
public interface PushDeadLetters {

  /** Keeps the letter, then drops the oldest beyond {@code capacity}. */
  void add(PushDeadLetter letter, int capacity);

  /** At most {@code limit} letters, newest first. */
  List<PushDeadLetter> newest(int limit);

  /** Deletes the letter; whether it was there. */
  boolean remove(String id);

  /** How many letters are kept now. */
  long size();

  /** How many letters were dropped to make room since the list was first written. */
  long evicted();
}
