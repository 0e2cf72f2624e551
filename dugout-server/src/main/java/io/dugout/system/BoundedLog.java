package io.dugout.system;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The newest entries of something given up on (a dead letter list), at most {@code capacity}: the
 * oldest is evicted, and counted, to make room. In memory only; thread-safe.
 */
public class BoundedLog<T> {

  private final int capacity;
  private final Deque<T> entries = new ArrayDeque<>();
  private long evicted;

  protected BoundedLog(int capacity) {
    this.capacity = capacity;
  }

  public synchronized void add(T entry) {
    entries.addFirst(entry);
    if (entries.size() > capacity) {
      entries.removeLast();
      evicted++;
    }
  }

  /** At most {@code limit} entries, newest first. */
  public synchronized List<T> newest(int limit) {
    var newest = new ArrayList<T>(Math.min(limit, entries.size()));
    for (T entry : entries) {
      if (newest.size() == limit) {
        break;
      }
      newest.add(entry);
    }
    return newest;
  }

  public synchronized int size() {
    return entries.size();
  }

  public synchronized long evicted() {
    return evicted;
  }

  public int capacity() {
    return capacity;
  }
}
