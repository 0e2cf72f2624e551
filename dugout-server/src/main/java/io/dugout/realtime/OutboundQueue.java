package io.dugout.realtime;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * A session's outbound frames in the order they were queued, with how many there are and their
 * bytes, which the session holds against its budget. Any thread may add; one writer at a time
 * polls. A frame stays counted from when it is added until its writer says it was {@link #taken},
 * so the count covers what a writer holds as well as what waits here.
 *
 * <p>One thread at a time may wait for the count to fall to a depth ({@link #awaitDepth}): the
 * writer wakes it each time frames are taken, and {@link #clear} wakes it when the session closes.
 */
final class OutboundQueue {

  private final ConcurrentLinkedQueue<Outgoing> frames = new ConcurrentLinkedQueue<>();
  private final AtomicInteger count = new AtomicInteger();
  private final AtomicLong bytes = new AtomicLong();
  private final OutboundMemory memory;
  private volatile Thread depthWaiter;

  OutboundQueue() {
    this(OutboundMemory.UNBOUNDED);
  }

  /** A queue whose bytes also count in the node's {@code memory}. */
  OutboundQueue(OutboundMemory memory) {
    this.memory = memory;
  }

  /**
   * Counts {@code frame} and queues it, unless the count then passes {@code maxFrames} or the bytes
   * {@code maxBytes}: the frame is then neither counted nor queued, and the caller closes the
   * session.
   */
  boolean admit(Outgoing frame, int maxFrames, long maxBytes) {
    int queued = count.incrementAndGet();
    long queuedBytes = bytes.addAndGet(frame.bytes());
    if (queued > maxFrames || queuedBytes > maxBytes) {
      count.decrementAndGet();
      bytes.addAndGet(-frame.bytes());
      return false;
    }
    memory.add(frame.bytes());
    frames.add(frame);
    return true;
  }

  /** Counts and queues {@code frame} whatever the budget: the last frame before a close. */
  void addLast(Outgoing frame) {
    frames.add(frame);
    count.incrementAndGet();
    // why: the writer subtracts every frame it takes; the count must have had it
    bytes.addAndGet(frame.bytes());
    memory.add(frame.bytes());
  }

  Outgoing poll() {
    return frames.poll();
  }

  boolean isEmpty() {
    return frames.isEmpty();
  }

  int frames() {
    return count.get();
  }

  long bytes() {
    return bytes.get();
  }

  /** The writer took these frames: they no longer count, and a thread waiting for room looks. */
  void taken(int takenFrames, long takenBytes) {
    count.addAndGet(-takenFrames);
    bytes.addAndGet(-takenBytes);
    memory.add(-takenBytes);
    Thread waiter = depthWaiter;
    if (waiter != null) {
      LockSupport.unpark(waiter);
    }
  }

  /**
   * Drops what waits (the session closed), taking it out of the counts, and wakes a thread waiting
   * for room. Safe to call again: a frame admitted while the session closed is dropped by the next
   * call.
   */
  void clear() {
    Outgoing dropped;
    while ((dropped = frames.poll()) != null) {
      count.decrementAndGet();
      bytes.addAndGet(-dropped.bytes());
      memory.add(-dropped.bytes());
    }
    Thread waiter = depthWaiter;
    if (waiter != null) {
      LockSupport.unpark(waiter);
    }
  }

  /**
   * Waits until at most {@code depth} frames are counted. Returns false, without waiting further,
   * when {@code open} turns false, the thread is interrupted or {@code deadlineNanos} (of {@link
   * System#nanoTime}) passes first.
   */
  boolean awaitDepth(int depth, long deadlineNanos, BooleanSupplier open) {
    Thread self = Thread.currentThread();
    depthWaiter = self;
    try {
      while (count.get() > depth) {
        long left = deadlineNanos - System.nanoTime();
        if (!open.getAsBoolean() || left <= 0 || self.isInterrupted()) {
          return false;
        }
        LockSupport.parkNanos(this, left);
      }
      // why: a close empties the queue, which is no room made by the client
      return open.getAsBoolean();
    } finally {
      depthWaiter = null;
    }
  }
}
