package io.dugout.push;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Pushes given up on, newest first, at most {@code dugout.push.dead-letters}: the oldest is evicted
 * (and counted) to make room. In memory only, on the node that tried: a restart empties it.
 */
final class PushDeadLetters {

  private final int capacity;
  private final Deque<PushDeadLetter> letters = new ArrayDeque<>();
  private long evicted;

  PushDeadLetters(int capacity) {
    this.capacity = capacity;
  }

  synchronized void add(PushDeadLetter letter) {
    letters.addFirst(letter);
    if (letters.size() > capacity) {
      letters.removeLast();
      evicted++;
    }
  }

  /** At most {@code limit} dead letters, newest first. */
  synchronized List<PushDeadLetter> newest(int limit) {
    var newest = new ArrayList<PushDeadLetter>(Math.min(limit, letters.size()));
    for (PushDeadLetter letter : letters) {
      if (newest.size() == limit) {
        break;
      }
      newest.add(letter);
    }
    return newest;
  }

  synchronized int size() {
    return letters.size();
  }

  synchronized long evicted() {
    return evicted;
  }

  int capacity() {
    return capacity;
  }
}
