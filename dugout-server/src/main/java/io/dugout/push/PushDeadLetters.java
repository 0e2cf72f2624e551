package io.dugout.push;

import io.dugout.system.BoundedLog;

/**
 * Pushes given up on, newest first, at most {@code dugout.push.dead-letters}: the oldest is evicted
 * (and counted) to make room. In memory only, on the node that tried: a restart empties it.
 */
final class PushDeadLetters extends BoundedLog<PushDeadLetter> {

  PushDeadLetters(int capacity) {
    super(capacity);
  }
}
