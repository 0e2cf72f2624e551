package io.dugout.notification.webhook;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * The webhook's dead letters, newest first, at most {@code
 * dugout.notifications.webhook.dead-letters} of them: the oldest is evicted (and counted) to make
 * room. In memory only: a restart empties it.
 */
@Component
class DeadLetters {

  private final int capacity;
  private final Deque<DeadLetter> letters = new ArrayDeque<>();
  private long evicted;

  DeadLetters(WebhookProperties properties) {
    this.capacity = properties.deadLetters();
  }

  synchronized void add(DeadLetter letter) {
    letters.addFirst(letter);
    if (letters.size() > capacity) {
      letters.removeLast();
      evicted++;
    }
  }

  /** At most {@code limit} dead letters, newest first. */
  synchronized List<DeadLetter> newest(int limit) {
    var newest = new ArrayList<DeadLetter>(Math.min(limit, letters.size()));
    for (DeadLetter letter : letters) {
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
