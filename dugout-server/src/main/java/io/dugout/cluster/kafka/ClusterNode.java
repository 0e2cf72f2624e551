package io.dugout.cluster.kafka;

import io.dugout.message.Fanout;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Starts and stops this node's part in the cluster: its answers and followed rooms on the fanout,
 * its member of the sequencing group, and the periodic gap check. Starts before the web server
 * takes traffic and stops after it drained, so no send in flight loses its sequencer.
 *
 * <p>Starts once: {@link #stop} closes the Kafka producer and consumer, so a stopped node refuses
 * to start again ({@link IllegalStateException}) instead of running without them. Restart the
 * application (a new context) instead; Spring's test context cache must not pause such a context.
 */
final class ClusterNode implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(ClusterNode.class);

  private final KafkaSequencer sequencer;
  private final PartitionOwner owner;
  private final RoomFeeds feeds;
  private final Fanout fanout;
  private final Duration checkInterval;
  private Thread ownerThread;
  private ScheduledExecutorService checks;
  private boolean stopped;

  ClusterNode(
      KafkaSequencer sequencer,
      PartitionOwner owner,
      RoomFeeds feeds,
      Fanout fanout,
      Duration checkInterval) {
    this.sequencer = sequencer;
    this.owner = owner;
    this.feeds = feeds;
    this.fanout = fanout;
    this.checkInterval = checkInterval;
  }

  /** The partition owner's consumer, for its client metrics. */
  Consumer<String, byte[]> consumer() {
    return owner.consumer();
  }

  @Override
  public synchronized void start() {
    if (stopped) {
      throw new IllegalStateException(
          "a Dugout cluster node cannot start again after it stopped (its Kafka clients are"
              + " closed); start a new application context");
    }
    if (ownerThread != null) {
      return;
    }
    fanout.start(sequencer.nodeId(), sequencer);
    ownerThread = Thread.ofPlatform().name("dugout-partition-owner").daemon().start(owner);
    checks =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("dugout-gap-check").daemon().factory());
    checks.scheduleWithFixedDelay(
        this::check, checkInterval.toMillis(), checkInterval.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public synchronized void stop() {
    if (ownerThread == null) {
      return;
    }
    owner.stop();
    checks.shutdownNow();
    try {
      if (!ownerThread.join(Duration.ofSeconds(10))) {
        log.warn("The sequencing consumer did not stop within 10 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    sequencer.close();
    ownerThread = null;
    stopped = true;
  }

  @Override
  public synchronized boolean isRunning() {
    return ownerThread != null;
  }

  /** Before the web server's phases: up before it takes traffic, down after it drained. */
  @Override
  public int getPhase() {
    return 0;
  }

  int partitions() {
    return owner.partitions();
  }

  Set<Integer> owned() {
    return owner.owned();
  }

  long failures() {
    return owner.failures();
  }

  private void check() {
    try {
      feeds.check();
    } catch (RuntimeException e) {
      log.warn("Gap check failed: {}", e.toString());
    }
  }
}
