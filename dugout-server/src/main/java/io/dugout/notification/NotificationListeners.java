package io.dugout.notification;

import java.util.List;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link NotificationListener}s of this node, told of each notification this node stored; a
 * listener that throws is logged and does not stop the others.
 */
public final class NotificationListeners {

  private static final Logger log = LoggerFactory.getLogger(NotificationListeners.class);

  private final List<NotificationListener> listeners;

  public NotificationListeners(List<NotificationListener> listeners) {
    this.listeners = List.copyOf(listeners);
  }

  public void tell(Notification notification) {
    for (NotificationListener listener : listeners) {
      try {
        listener.notificationStored(notification);
      } catch (RuntimeException e) {
        log.warn("Notification listener {} failed: {}", listener.getClass().getSimpleName(), e);
      }
    }
  }

  /** Tells every listener that this node now owns the users {@code owned} accepts. */
  public void usersOwned(Predicate<String> owned) {
    for (NotificationListener listener : listeners) {
      try {
        listener.usersOwned(owned);
      } catch (RuntimeException e) {
        log.warn("Notification listener {} failed: {}", listener.getClass().getSimpleName(), e);
      }
    }
  }
}
