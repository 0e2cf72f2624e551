package io.dugout.realtime;

import io.dugout.notification.LocalDelivery;
import io.dugout.notification.Notification;
import io.dugout.notification.NotificationListener;
import org.springframework.stereotype.Component;

/**
 * Client outbound for notifications: each notification stored on this node, or stored on another
 * node of a cluster and carried here, goes to every session of its user on this node that
 * subscribed to {@code /user/queue/notifications}. Only queues frames; a user with no such
 * subscription gets nothing live and finds it in the list.
 */
@Component
class NotificationPusher implements NotificationListener, LocalDelivery {

  private final RoomBroadcaster broadcaster;

  NotificationPusher(RoomBroadcaster broadcaster) {
    this.broadcaster = broadcaster;
  }

  @Override
  public void notificationStored(Notification notification) {
    deliver(notification);
  }

  @Override
  public void deliver(Notification notification) {
    broadcaster.toUser(
        notification.userId(),
        Destinations.NOTIFICATIONS,
        RealtimeBodies.NotificationBody.of(notification));
  }
}
