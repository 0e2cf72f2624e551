package io.dugout.room;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToLongFunction;

/**
 * One value per room, kept within a budget: the values' weights (their bytes, roughly) add up to at
 * most {@code budget}; when a new value would pass it, every value is dropped and the memo fills
 * again. What a value means, and when it is still good, is its user's to say: the memo only keeps.
 *
 * <p>Reads take no lock; {@link #keep} is synchronised, as it runs only when a read missed.
 */
final class RoomMemo<V> {

  private final long budget;
  private final ToLongFunction<V> weight;
  private final ConcurrentHashMap<String, V> values = new ConcurrentHashMap<>();
  private long used;

  RoomMemo(long budget, ToLongFunction<V> weight) {
    this.budget = budget;
    this.weight = weight;
  }

  /** The room's kept value, or null. */
  V get(String roomId) {
    return values.get(roomId);
  }

  /** Keeps the room's value in place of the one kept before; a value above the budget is not. */
  synchronized void keep(String roomId, V value) {
    long needed = weight.applyAsLong(value);
    if (needed > budget) {
      return;
    }
    V replaced = values.remove(roomId);
    if (replaced != null) {
      used -= weight.applyAsLong(replaced);
    }
    if (used + needed > budget) {
      values.clear();
      used = 0;
    }
    values.put(roomId, value);
    used += needed;
  }

  int size() {
    return values.size();
  }

  synchronized long used() {
    return used;
  }
}
