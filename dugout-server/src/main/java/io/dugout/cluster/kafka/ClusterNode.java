package io.dugout.cluster.kafka;

import io.dugout.message.Fanout;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts and stops this node's part in the cluster: its answers and followed rooms on the fanout,
 * its member of the sequencing group ({@link PartitionOwner}), and the periodic gap check. Starts
 * once, like every {@link GroupMember}.
 */
final class ClusterNode extends GroupMember {

  private static final Logger log = LoggerFactory.getLogger(ClusterNode.class);

  private final KafkaSequencer sequencer;
  private final RoomFeeds feeds;
  private final Fanout fanout;
  private final Duration checkInterval;
  private ScheduledExecutorService checks;

  ClusterNode(
      KafkaSequencer sequencer,
      OrderedConsumer owner,
      RoomFeeds feeds,
      Fanout fanout,
      Duration checkInterval) {
    super("dugout-partition-owner", owner);
    this.sequencer = sequencer;
    this.feeds = feeds;
    this.fanout = fanout;
    this.checkInterval = checkInterval;
  }

  @Override
  void beforeConsuming() {
    fanout.start(sequencer.nodeId(), sequencer);
    checks =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("dugout-gap-check").daemon().factory());
    checks.scheduleWithFixedDelay(
        this::check, checkInterval.toMillis(), checkInterval.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  void afterConsuming() {
    checks.shutdownNow();
    sequencer.close();
  }

  private void check() {
    try {
      feeds.check();
    } catch (RuntimeException e) {
      log.warn("Gap check failed: {}", e.toString());
    }
  }
}
