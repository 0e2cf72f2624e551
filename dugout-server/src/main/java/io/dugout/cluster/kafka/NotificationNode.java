package io.dugout.cluster.kafka;

import io.dugout.notification.NotificationFanout;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Starts and stops this node's part in storing the cluster's notifications: its answers and users
 * on the notification fanout, and its member of the notification consumer group. Up before the web
 * server takes traffic, down after it drained, like {@link ClusterNode}.
 */
final class NotificationNode implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(NotificationNode.class);

  private final KafkaNotificationWriter writer;
  private final NotificationOwner owner;
  private final NotificationFanout fanout;
  private Thread ownerThread;

  NotificationNode(
      KafkaNotificationWriter writer, NotificationOwner owner, NotificationFanout fanout) {
    this.writer = writer;
    this.owner = owner;
    this.fanout = fanout;
  }

  @Override
  public synchronized void start() {
    fanout.start(writer.nodeId(), writer);
    ownerThread = Thread.ofPlatform().name("dugout-notification-owner").daemon().start(owner);
  }

  @Override
  public synchronized void stop() {
    if (ownerThread == null) {
      return;
    }
    owner.stop();
    try {
      if (!ownerThread.join(Duration.ofSeconds(10))) {
        log.warn("The notification consumer did not stop within 10 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    writer.close();
    ownerThread = null;
  }

  @Override
  public synchronized boolean isRunning() {
    return ownerThread != null;
  }

  @Override
  public int getPhase() {
    return 0;
  }
}
