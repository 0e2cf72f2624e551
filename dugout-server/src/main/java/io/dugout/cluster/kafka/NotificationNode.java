package io.dugout.cluster.kafka;

import io.dugout.notification.NotificationFanout;

/**
 * Starts and stops this node's part in storing the cluster's notifications: its answers and users
 * on the notification fanout, and its member of the notification consumer group ({@link
 * NotificationOwner}). Starts once, like every {@link GroupMember}.
 */
final class NotificationNode extends GroupMember {

  private final KafkaNotificationWriter writer;
  private final NotificationFanout fanout;

  NotificationNode(
      KafkaNotificationWriter writer, OrderedConsumer owner, NotificationFanout fanout) {
    super("dugout-notification-owner", owner);
    this.writer = writer;
    this.fanout = fanout;
  }

  @Override
  void beforeConsuming() {
    fanout.start(writer.nodeId(), writer);
  }

  @Override
  void afterConsuming() {
    writer.close();
  }
}
