package io.dugout.loadtest.scenario;

import io.dugout.loadtest.stomp.SendStamp;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Which sends of a live run are counted, decided once per send by its sender and read the same way
 * by every receiver. A send counts when it was stamped at or after the start of the measured
 * window; the sender records the counter of its first counted send before that send leaves, and a
 * receiver counts a delivery when its counter is at least that one. So a send is expected exactly
 * when its deliveries are received, however the window's start races with the sends around it.
 */
final class MeasuredSends {

  private final AtomicLongArray firstCounted;

  private volatile long from = Long.MAX_VALUE;

  MeasuredSends(int senders) {
    firstCounted = new AtomicLongArray(senders);
    for (int i = 0; i < senders; i++) {
      firstCounted.set(i, Long.MAX_VALUE);
    }
  }

  /** Starts the window: sends stamped from {@code stampNanos} ({@link SendStamp#now}) on count. */
  void startAt(long stampNanos) {
    from = stampNanos;
  }

  /** Called by the sender before the send leaves; true when the send counts. */
  boolean countSend(SendStamp stamp) {
    if (stamp.sentNanos() < from) {
      return false;
    }
    firstCounted.compareAndSet(stamp.sender(), Long.MAX_VALUE, stamp.counter());
    return true;
  }

  /** True when the sender counted this send (its deliveries and errors count too). */
  boolean counts(SendStamp stamp) {
    int sender = stamp.sender();
    return sender >= 0
        && sender < firstCounted.length()
        && stamp.counter() >= firstCounted.get(sender);
  }
}
