package io.dugout.notification;

/**
 * Delivers a stored notification live to the open sessions of its user on this node, the ones
 * subscribed to {@code /user/queue/notifications}; in a cluster, notifications stored on another
 * node arrive here. Only queues frames: never blocks, never throws.
 */
public interface LocalDelivery {

  void deliver(Notification notification);
}
