package io.dugout.cluster.kafka;

import java.util.Set;
import org.apache.kafka.clients.consumer.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Starts and stops this node's member of one consumer group, the {@link OrderedConsumer} on a
 * thread of its own, and what must be up while it runs. Starts before the web server takes traffic
 * and stops after it drained, so no request in flight loses its consumer.
 *
 * <p>Starts once: {@link #stop} closes the consumer and, through {@link #afterConsuming}, the
 * producer that feeds the group, so a stopped member refuses to start again ({@link
 * IllegalStateException}) instead of running without them. Restart the application (a new context)
 * instead; Spring's test context cache must not pause such a context.
 *
 * <p>{@link #stop} ends the consumer thread within {@link OrderedConsumer#STOP_BOUND} (10 s) and
 * returns after the producer's close (at most 5 s more), also while the broker or the store is
 * away.
 */
abstract class GroupMember implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(GroupMember.class);

  private final String threadName;
  private final OrderedConsumer consumer;
  private Thread thread;
  private boolean stopped;

  GroupMember(String threadName, OrderedConsumer consumer) {
    this.threadName = threadName;
    this.consumer = consumer;
  }

  /** What must be up before the consumer runs (the fanout that carries its answers). */
  abstract void beforeConsuming();

  /**
   * Lets go of what {@link #beforeConsuming} started and of the producer, after the consumer
   * closed.
   */
  abstract void afterConsuming();

  @Override
  public final synchronized void start() {
    if (stopped) {
      throw new IllegalStateException(
          "a Dugout cluster node cannot start again after it stopped (its Kafka clients are"
              + " closed); start a new application context");
    }
    if (thread != null) {
      return;
    }
    beforeConsuming();
    thread = Thread.ofPlatform().name(threadName).daemon().start(consumer);
  }

  @Override
  public final synchronized void stop() {
    if (thread == null) {
      return;
    }
    consumer.stop();
    try {
      if (!thread.join(OrderedConsumer.STOP_BOUND)) {
        log.warn(
            "The consumer thread {} did not stop within {} s",
            threadName,
            OrderedConsumer.STOP_BOUND.toSeconds());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    afterConsuming();
    thread = null;
    stopped = true;
  }

  @Override
  public final synchronized boolean isRunning() {
    return thread != null;
  }

  /** Before the web server's phases: up before it takes traffic, down after it drained. */
  @Override
  public final int getPhase() {
    return 0;
  }

  /** The consumer, for its client metrics. */
  final Consumer<String, byte[]> consumer() {
    return consumer.consumer();
  }

  /** The partitions of the group's topic this node owns now. */
  final Set<Integer> owned() {
    return consumer.owned();
  }

  /** How many partitions of the group's topic this node owns now. */
  final int partitions() {
    return consumer.partitions();
  }

  /** How many store writes failed and were tried again. */
  final long failures() {
    return consumer.failures();
  }
}
